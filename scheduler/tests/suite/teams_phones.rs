//! Issue 45: a teams match scored from the tables' phones. Each of a match's two tables (2m − 1
//! with the home team N-S, 2m with the away team N-S) enters its own contracts; once both have
//! a board, its two N-S scores are the match's board, written in the same transaction. A board
//! the director typed is never written over (a conflict instead), a three-way match's tables
//! are refused, and a table moves on only when its match's boards are in.

use super::common::scratch;
use super::tables::{at_table, contract};
use super::teams_event::{pair_next, swiss};
use scheduler::event::entry::Fields;
use scheduler::event::session::{Command, Session};
use scheduler::event::store::EventFile;
use scheduler::event::tables::{Caller, TableRefusal, TableReply, TableRequest};
use scheduler::event::teams::{TeamBoard, match_card, match_teams};
use scheduler::event::{ResultKey, ResultValue};
use scheduler::model::Roster;

/// The key of each table, by table number.
fn keys(file: &mut EventFile) -> Vec<(u32, String)> {
    file.table_access().unwrap().keys
}

fn key(keys: &[(u32, String)], table: u32) -> String {
    keys.iter().find(|(t, _)| *t == table).unwrap().1.clone()
}

fn saved(reply: Result<TableReply, TableRefusal>) -> (Option<String>, String) {
    match reply {
        Ok(TableReply::Saved { replaced, then, .. }) => {
            (replaced, then.expect("a teams table's reply says what followed"))
        }
        other => panic!("not saved: {other:?}"),
    }
}

fn match_board(file: &EventFile, round: u32, table: u32, deal: u32) -> Option<TeamBoard> {
    match file.results().unwrap().get(&ResultKey { round, table, deal }) {
        Some(ResultValue::Teams { board }) => Some(*board),
        None => None,
        other => panic!("not a teams board: {other:?}"),
    }
}

#[test]
fn both_tables_own_contracts_make_the_matchs_board() {
    let path = scratch("teams-phones", "swiss.tourney");
    let event = swiss(4, 3);
    let round1 = event.schedule.round(1).unwrap().clone();
    let (home, _) = match_teams(&round1.tables[0]).unwrap();
    let name = |team: usize| event.schedule.entrants[team].clone();
    let mut file = EventFile::create(&path, &event).unwrap();
    let keys = keys(&mut file);
    // Two matches, two tables each: 1 and 2 for match 1, 3 and 4 for match 2.
    assert_eq!(keys.iter().map(|(t, _)| *t).collect::<Vec<_>>(), [1, 2, 3, 4]);
    let (k1, k2, k3, k4) = (key(&keys, 1), key(&keys, 2), key(&keys, 3), key(&keys, 4));

    // Board 1 (dealer N, nobody vulnerable). Table 1: the home team's pair N-S bids and
    // makes 4S, +420. The match waits for table 2.
    let first = file
        .table_result(&at_table(
            1,
            &k1,
            "t1-board1-a",
            contract(1, 1, 1, "4S", "N", "10"),
        ))
        .unwrap();
    let (replaced, then) = saved(first);
    assert_eq!(replaced, None);
    assert_eq!(then, "waiting for table 2's result on this board");
    assert_eq!(match_board(&file, 1, 1, 1), None);
    assert_eq!(file.room_results().unwrap().len(), 1);

    // Table 2: the away team's pair N-S goes one off in 4S, −50. The match's board is
    // table 1 N-S +420, table 2 N-S −50: 470 net to the home team, 10 IMPs (450–490).
    let (_, then) = saved(
        file.table_result(&at_table(
            2,
            &k2,
            "t2-board1-a",
            contract(1, 2, 1, "4S", "N", "9"),
        ))
        .unwrap(),
    );
    assert_eq!(
        then,
        format!("both tables are in: {} +10 IMPs (470 net)", name(home))
    );
    assert_eq!(
        match_board(&file, 1, 1, 1),
        Some(TeamBoard::Tables {
            table1_ns: 420,
            table2_ns: -50
        })
    );
    let history = file.history().unwrap();
    let last = history.last().unwrap();
    assert_eq!(last.source.as_deref(), Some("tables 1 and 2"), "{last:?}");

    // The same request again: the same answer, nothing written twice.
    let again = file
        .table_result(&at_table(
            2,
            &k2,
            "t2-board1-a",
            contract(1, 2, 1, "4S", "N", "9"),
        ))
        .unwrap();
    assert_eq!(saved(again).1, then);
    assert_eq!(file.history().unwrap().len(), history.len());

    // Table 2 corrects itself: it made 4S after all. The match's board is corrected with it.
    let (replaced, then) = saved(
        file.table_result(&at_table(
            2,
            &k2,
            "t2-board1-b",
            contract(1, 2, 1, "4S", "N", "10"),
        ))
        .unwrap(),
    );
    assert!(replaced.unwrap().contains("4S by N -1"));
    assert_eq!(
        then,
        "both tables are in: no IMPs (the same score at both tables)"
    );
    assert_eq!(
        match_board(&file, 1, 1, 1),
        Some(TeamBoard::Tables {
            table1_ns: 420,
            table2_ns: 420
        })
    );

    // Board 2 (dealer E, N-S vulnerable): 3NT by E making at table 2 (−400 to N-S, E-W not
    // vulnerable) against 3NT by N one off, vulnerable, at table 1 (−100): the home team's
    // pair at table 1 lost 100, its E-W pair at table 2 won 400: 300 net to home, 7 IMPs.
    saved(
        file.table_result(&at_table(2, &k2, "t2-board2", contract(1, 2, 2, "3NT", "E", "9")))
            .unwrap(),
    );
    let (_, then) = saved(
        file.table_result(&at_table(1, &k1, "t1-board2", contract(1, 1, 2, "3NT", "N", "8")))
            .unwrap(),
    );
    assert_eq!(
        then,
        format!("both tables are in: {} +7 IMPs (300 net)", name(home))
    );

    // What a table may not do: another table's key, a board of another round, the director's
    // scores, a round not yet paired.
    let refused =
        |file: &mut EventFile, request: TableRequest| file.table_result(&request).unwrap().unwrap_err();
    assert!(matches!(
        refused(
            &mut file,
            at_table(2, &k1, "wrong-key", contract(1, 2, 3, "1C", "N", "7"))
        ),
        TableRefusal::NotAllowed(2)
    ));
    let other_board = refused(
        &mut file,
        at_table(1, &k1, "board-five", contract(1, 1, 5, "1C", "N", "7")),
    );
    assert_eq!(
        other_board.to_string(),
        "table 1 plays boards 1–4 in round 1, not board 5"
    );
    let artificial = Fields {
        artificial: Some("AVE+".into()),
        ..contract(1, 1, 3, "1C", "N", "7")
    };
    let why = refused(&mut file, at_table(1, &k1, "artificial", artificial)).to_string();
    assert!(
        why.contains("the director's score is not entered at a table"),
        "{why}"
    );
    assert!(matches!(
        refused(
            &mut file,
            at_table(1, &k1, "round-two", contract(2, 1, 1, "1C", "N", "7"))
        ),
        TableRefusal::NotThisRound {
            current: 1,
            asked: 2,
            ..
        }
    ));
    // The table cannot move on while boards 3 and 4 are missing.
    let early = file
        .next_table_round(
            &Caller::Table {
                table: 1,
                key: k1.clone(),
            },
            "t1-next-early",
        )
        .unwrap();
    assert_eq!(
        early.unwrap_err().to_string(),
        "round 1 at table 1 still needs a result for board 3, board 4"
    );

    // Match 2: the director typed board 1 as 100 net from the score cards; the tables then
    // send results that make 620 − 170 = 450 net. Nothing is written over the director's
    // board: a conflict waits for the director, and the tables are told.
    let director_board = ResultValue::Teams {
        board: TeamBoard::Net { net: 100 },
    };
    file.set_result(
        ResultKey {
            round: 1,
            table: 2,
            deal: 1,
        },
        director_board,
    )
    .unwrap();
    saved(
        file.table_result(&at_table(3, &k3, "t3-board1", contract(1, 3, 1, "4H", "S", "11")))
            .unwrap(),
    );
    let (_, then) = saved(
        file.table_result(&at_table(4, &k4, "t4-board1", contract(1, 4, 1, "4H", "N", "8")))
            .unwrap(),
    );
    assert!(
        then.contains("match 2 board 1 already has") && then.contains("the director will decide"),
        "{then}"
    );
    assert_eq!(match_board(&file, 1, 2, 1), Some(TeamBoard::Net { net: 100 }));
    let conflicts = file.conflicts().unwrap();
    assert_eq!(conflicts.len(), 1);
    assert_eq!(
        conflicts[0].key,
        ResultKey {
            round: 1,
            table: 2,
            deal: 1
        }
    );
    assert_eq!(
        conflicts[0].sent,
        ResultValue::Teams {
            board: TeamBoard::Tables {
                table1_ns: 450,
                table2_ns: -100
            }
        }
    );
    assert_eq!(conflicts[0].source, "tables 3 and 4");
    drop(file);

    // The rest of round 1 from the tables: then the match's card is complete, and a table
    // moves on once round 2 is paired.
    let mut file = EventFile::open(&path).unwrap();
    for deal in [3, 4] {
        saved(
            file.table_result(&at_table(
                1,
                &k1,
                &format!("t1-board-{deal}"),
                contract(1, 1, deal, "2S", "N", "8"),
            ))
            .unwrap(),
        );
        saved(
            file.table_result(&at_table(
                2,
                &k2,
                &format!("t2-board-{deal}"),
                contract(1, 2, deal, "2S", "S", "8"),
            ))
            .unwrap(),
        );
    }
    let next = file
        .next_table_round(
            &Caller::Table {
                table: 1,
                key: k1.clone(),
            },
            "t1-next-1",
        )
        .unwrap();
    assert!(
        matches!(next, Err(TableRefusal::NotPairedYet { table: 1, round: 1 })),
        "{next:?}"
    );
    drop(file);
    let mut session = Session::open(&path).unwrap();
    // 7 IMPs on board 2, none elsewhere (boards 3 and 4 the same contract at both tables;
    // board 1 the same score): the home team wins by 7.
    let card = match_card(session.event(), session.results(), 1, 1).unwrap();
    assert_eq!(card.score.unwrap().0, [7, 0]);
    for deal in 2..=4 {
        session
            .apply(Command::SetResult(
                ResultKey {
                    round: 1,
                    table: 2,
                    deal,
                },
                ResultValue::Teams {
                    board: TeamBoard::Net { net: 0 },
                },
            ))
            .unwrap();
    }
    pair_next(&mut session);
    let moved = session
        .next_table_round(
            &Caller::Table {
                table: 1,
                key: k1.clone(),
            },
            "t1-next-2",
        )
        .unwrap();
    assert_eq!(moved, Ok(TableReply::Moved { round: 2 }));

    // Table 1's page in round 2 names the teams at it, and nothing is entered yet.
    let view = session.table_view(1, None).unwrap().unwrap();
    let round2 = session.event().schedule.round(2).unwrap().clone();
    let (home2, away2) = match_teams(&round2.tables[0]).unwrap();
    assert_eq!((view.round, view.entry), (2, "bridge"));
    assert_eq!(view.north_south, session.event().schedule.entrants[home2]);
    assert_eq!(view.east_west, session.event().schedule.entrants[away2]);
    assert!(
        view.boards
            .iter()
            .all(|b| b.result.is_none() && b.traveller.is_empty())
    );
}

#[test]
fn a_tables_page_shows_the_other_table_only_once_it_has_entered_the_board() {
    let path = scratch("teams-phones", "page.tourney");
    let event = swiss(4, 3);
    let (home, away) = match_teams(&event.schedule.round(1).unwrap().tables[0]).unwrap();
    let mut session = Session::create(&path, &event).unwrap();
    let access = session.table_access().unwrap();
    let k1 = key(&access.keys, 1);
    let k2 = key(&access.keys, 2);
    session
        .table_result(&at_table(
            1,
            &k1,
            "page-t1-b1",
            contract(1, 1, 1, "4S", "N", "10"),
        ))
        .unwrap()
        .unwrap();
    session
        .table_result(&at_table(1, &k1, "page-t1-b2", contract(1, 1, 2, "2H", "W", "8")))
        .unwrap()
        .unwrap();
    session
        .table_result(&at_table(
            2,
            &k2,
            "page-t2-b1",
            contract(1, 2, 1, "3NT", "S", "10"),
        ))
        .unwrap()
        .unwrap();
    // Table 2 has board 1 only: board 2's result from table 1 is not shown to it.
    let view = session.table_view(2, None).unwrap().unwrap();
    let names = &session.event().schedule.entrants;
    assert_eq!(
        (view.north_south.as_str(), view.east_west.as_str()),
        (names[away].as_str(), names[home].as_str())
    );
    assert_eq!(view.boards.len(), 4);
    let board1 = &view.boards[0];
    assert_eq!(board1.result.as_deref(), Some("3NT by S +1, N-S +430"));
    assert_eq!(board1.traveller.len(), 2);
    assert_eq!(board1.traveller[0].table, 1);
    assert_eq!(board1.traveller[0].north_south, names[home]);
    assert_eq!(board1.traveller[0].ns_score, Some(420));
    assert!(board1.traveller[1].this_table);
    // Table 1's +420 against table 2's +430 (the home team E-W there lost 430): 10 net to the
    // away team, no IMPs.
    assert_eq!(
        board1.note,
        Some(format!("This board: no IMPs (10 net to {}).", names[away]))
    );
    let board2 = &view.boards[1];
    assert_eq!((board2.result.as_ref(), board2.traveller.len()), (None, 0));
    assert!(!view.complete);
    // Table 1 sees board 2 waiting for table 2.
    let view1 = session.table_view(1, None).unwrap().unwrap();
    assert_eq!(
        view1.boards[1].note.as_deref(),
        Some("Waiting for table 2's result.")
    );
    assert_eq!(view1.boards[1].traveller.len(), 1);
    // The match card prints each table's contract beside its score once the board is in;
    // board 2, with one table in, prints nothing yet.
    let mut options = scheduler::sheets::event_sheets::sheet_options(session.event());
    options.kinds = vec![scheduler::sheets::SheetKind::MatchCards];
    options.rooms = session.rooms().clone();
    let document =
        scheduler::sheets::event_sheets::event_document(session.event(), session.results(), &options)
            .unwrap();
    let scheduler::sheets::SectionBody::Scorecards { cards, .. } = &document.sections[0].body else {
        panic!("the match cards are score cards");
    };
    let text =
        |cells: &[scheduler::sheets::CardCell]| cells.iter().map(|c| c.text.clone()).collect::<Vec<_>>();
    let boards = &cards[0].rounds[0].boards;
    assert_eq!(
        text(&boards[0]),
        [
            "1", "–", "4S", "N", "=", "420", "3NT", "S", "+1", "430", "-10", "0", "0"
        ]
    );
    assert_eq!(
        text(&boards[1]),
        ["2", "NS", "", "", "", "", "", "", "", "", "", "", ""]
    );
    // Without the tables' own results (a file printed before), the scores alone.
    options.rooms = Default::default();
    let plain = scheduler::sheets::event_sheets::event_document(session.event(), session.results(), &options)
        .unwrap();
    let scheduler::sheets::SectionBody::Scorecards { cards, .. } = &plain.sections[0].body else {
        panic!("the match cards are score cards");
    };
    assert_eq!(
        text(&cards[0].rounds[0].boards[0]),
        ["1", "–", "", "", "", "420", "", "", "", "430", "-10", "0", "0"]
    );

    // What the panel counts: table 2 still needs boards 2–4.
    let missing =
        scheduler::event::tables::missing_at(session.event(), session.results(), session.rooms(), 1, 2);
    assert_eq!(missing.iter().map(|k| k.deal).collect::<Vec<_>>(), [2, 3, 4]);
}

#[test]
fn a_three_way_matchs_tables_each_play_two_half_matches_from_their_phones() {
    let path = scratch("teams-phones", "three.tourney");
    let mut spec = scheduler::event::create::NewEvent::new(
        "Swiss teams",
        scheduler::event::create::EventFormat::Teams,
        Roster::numbered(5),
    );
    spec.options.swiss = true;
    spec.options.three_way = true;
    spec.options.rounds = Some(3);
    spec.options.boards_per_round = 6;
    let event = scheduler::event::create::build_event(&spec, &scheduler::solver::Control::unlimited())
        .unwrap()
        .0;
    let mut session = Session::create(&path, &event).unwrap();
    let access = session.table_access().unwrap();
    // Match 1 head-on at tables 1 and 2; match 2, the three-way of Players 3, 4 and 5 (home,
    // away, third), at tables 3, 4 and 5, each team's N-S pair at its own. Its half-matches:
    // 3 v 4 on boards 1–3 (at tables 3 and 4), 4 v 5 on 4–6 (tables 4 and 5), and 5 v 3 on
    // the supplementary boards after the event's 18: 19–21 (tables 5 and 3).
    assert_eq!(
        access.keys.iter().map(|(t, _)| *t).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5]
    );
    let (k3, k4, k5) = (key(&access.keys, 3), key(&access.keys, 4), key(&access.keys, 5));
    // Table 4 (Player 4 N-S): 4S making on board 1, +420. Table 3 (Player 3 N-S): 4S one off,
    // −50. The half-match's board: table 1 of it is Player 3's, so −50 and +420: 470 net to
    // the away team, Player 4, 10 IMPs.
    let (_, then) = saved(
        session
            .table_result(&at_table(
                4,
                &k4,
                "three-t4-b1",
                contract(1, 4, 1, "4S", "N", "10"),
            ))
            .unwrap(),
    );
    assert_eq!(then, "waiting for table 3's result on this board");
    let (_, then) = saved(
        session
            .table_result(&at_table(
                3,
                &k3,
                "three-t3-b1",
                contract(1, 3, 1, "4S", "N", "9"),
            ))
            .unwrap(),
    );
    assert_eq!(then, "both tables are in: Player 4 +10 IMPs (470 net)");
    assert_eq!(
        session.results().get(&ResultKey {
            round: 1,
            table: 2,
            deal: 1
        }),
        Some(&ResultValue::Teams {
            board: TeamBoard::Tables {
                table1_ns: -50,
                table2_ns: 420
            }
        })
    );
    // The supplementary boards are tables 5's and 3's, not table 4's.
    let refusal = session
        .table_result(&at_table(
            4,
            &k4,
            "three-t4-b19",
            contract(1, 4, 19, "1NT", "N", "7"),
        ))
        .unwrap()
        .unwrap_err();
    assert_eq!(
        refusal.to_string(),
        "table 4 plays boards 1–6 in round 1, not board 19"
    );
    saved(
        session
            .table_result(&at_table(
                5,
                &k5,
                "three-t5-b19",
                contract(1, 5, 19, "1NT", "N", "7"),
            ))
            .unwrap(),
    );
    // Table 4's page: its six boards in the order it plays them, against Player 3 first.
    let view = session.table_view(4, None).unwrap().unwrap();
    assert_eq!(
        view.boards.iter().map(|b| b.board).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5, 6]
    );
    assert_eq!(view.north_south, "Player 4");
    assert_eq!(
        view.east_west,
        "Player 3 (boards 1–3), then Player 5 (boards 4–6)"
    );
    assert!(
        view.notice
            .as_deref()
            .is_some_and(|n| n.starts_with("A three-way match: Player 4 N-S here")),
        "{:?}",
        view.notice
    );
    assert_eq!(
        view.boards[0].note.as_deref(),
        Some("This board: Player 4 +10 IMPs (470 net).")
    );
    // The half-match's card prints both tables' contracts: Player 3's table first.
    let mut options = scheduler::sheets::event_sheets::sheet_options(session.event());
    options.kinds = vec![scheduler::sheets::SheetKind::MatchCards];
    options.rooms = session.rooms().clone();
    let document =
        scheduler::sheets::event_sheets::event_document(session.event(), session.results(), &options)
            .unwrap();
    let scheduler::sheets::SectionBody::Scorecards { cards, .. } = &document.sections[0].body else {
        panic!("the match cards are score cards");
    };
    let half = cards
        .iter()
        .find(|c| c.pair.contains("match 2 (three-way, part 1 of 3)"))
        .unwrap();
    let cells: Vec<&str> = half.rounds[0].boards[0].iter().map(|c| c.text.as_str()).collect();
    assert_eq!(
        cells,
        [
            "1", "–", "4S", "N", "-1", "-50", "4S", "N", "=", "420", "-470", "", "10"
        ]
    );
    let view5 = session.table_view(5, None).unwrap().unwrap();
    assert_eq!(
        view5.boards.iter().map(|b| b.board).collect::<Vec<_>>(),
        [4, 5, 6, 19, 20, 21]
    );
    assert!(!view.complete);
}

/// A match's board the director takes back (Undo) or removes is entered again at both tables:
/// the tables' own results on it go with it, so their pages show the board as not entered and
/// the table is not moved on without it (before, their results stayed and the board looked
/// done on the phones while the match had no board).
#[test]
fn a_board_the_director_takes_back_is_entered_again_at_both_tables() {
    let path = scratch("teams-phones", "taken-back.tourney");
    let event = swiss(4, 3);
    let mut session = Session::create(&path, &event).unwrap();
    let access = session.table_access().unwrap();
    let (k1, k2) = (key(&access.keys, 1), key(&access.keys, 2));
    let both = |session: &mut Session, id: &str| {
        for (table, k, tricks) in [(1, &k1, "10"), (2, &k2, "9")] {
            session
                .table_result(&at_table(
                    table,
                    k,
                    &format!("{id}-t{table}"),
                    contract(1, table, 1, "4S", "N", tricks),
                ))
                .unwrap()
                .unwrap();
        }
    };
    let board1 = ResultKey {
        round: 1,
        table: 1,
        deal: 1,
    };
    let missing = |session: &Session, table: u32| {
        scheduler::event::tables::missing_at(session.event(), session.results(), session.rooms(), 1, table)
            .iter()
            .map(|k| k.deal)
            .collect::<Vec<_>>()
    };
    both(&mut session, "first");
    assert!(session.results().contains_key(&board1));
    assert_eq!(session.rooms().len(), 2);
    assert_eq!(missing(&session, 2), [2, 3, 4]);

    // Undo: the board and both tables' own results on it are gone.
    let undone = session.undo().unwrap().expect("something to undo");
    assert_eq!(undone.key, Some(board1));
    assert!(!session.results().contains_key(&board1));
    assert!(session.rooms().is_empty(), "{:?}", session.rooms());
    assert_eq!(missing(&session, 1), [1, 2, 3, 4]);
    assert_eq!(missing(&session, 2), [1, 2, 3, 4]);
    let view = session.table_view(2, None).unwrap().unwrap();
    assert_eq!(
        (view.boards[0].result.as_ref(), view.boards[0].note.as_ref()),
        (None, None)
    );

    // Redo puts the match's board back; the tables' pages show it as the director's.
    session.redo().unwrap().expect("something to redo");
    let view = session.table_view(1, None).unwrap().unwrap();
    assert!(
        view.boards[0]
            .result
            .as_deref()
            .is_some_and(|r| r.starts_with("entered by the director: ")),
        "{:?}",
        view.boards[0]
    );
    assert_eq!(missing(&session, 1), [2, 3, 4]);

    // Removed by the director: the same. Both tables enter it again and it is written again.
    session.apply(Command::ClearResult(board1)).unwrap();
    assert!(!session.results().contains_key(&board1));
    both(&mut session, "again");
    assert!(matches!(
        session.results().get(&board1),
        Some(ResultValue::Teams { .. })
    ));
    assert_eq!(session.rooms().len(), 2);
    let history = session.file().history().unwrap();
    assert_eq!(
        history.last().and_then(|entry| entry.source.as_deref()),
        Some("tables 1 and 2")
    );
}
