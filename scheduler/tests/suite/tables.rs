//! Results from the tables' devices (issue 42): what a table's key lets it write, repeats
//! recognised, conflicts with the window kept for the director, rounds moved on only when
//! complete, and everything surviving a reopened file (the app killed mid-evening).

use crate::club_pairs::club_event;
use scheduler::event::entry::Fields;
use scheduler::event::store::EventFile;
use scheduler::event::tables::{Caller, TableRefusal, TableReply, TableRequest};
use scheduler::event::{ResultKey, ResultValue};
use scheduler::movement::MovementKind;
use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tourney-tables-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("club.tourney")
}

/// A 5-table Mitchell (10 pairs), 2 boards a round: table t plays boards 2t−1 and 2t in
/// round 1.
fn evening(name: &str) -> (PathBuf, EventFile) {
    let names: Vec<String> = (1..=10).map(|i| format!("North {i} & South {i}")).collect();
    let event = club_event(&names, MovementKind::Mitchell, 2);
    let path = scratch(name);
    let file = EventFile::create(&path, &event).unwrap();
    (path, file)
}

pub(crate) fn contract(round: u32, table: u32, board: u32, contract: &str, by: &str, tricks: &str) -> Fields {
    Fields {
        round: Some(round),
        table: Some(table),
        board: Some(board),
        contract: Some(contract.into()),
        by: Some(by.into()),
        tricks: Some(tricks.into()),
        ..Fields::default()
    }
}

pub(crate) fn at_table(table: u32, key: &str, id: &str, fields: Fields) -> TableRequest {
    TableRequest {
        caller: Caller::Table {
            table,
            key: key.into(),
        },
        request_id: id.into(),
        fields,
    }
}

fn key_of(file: &mut EventFile, table: u32) -> String {
    let access = file.table_access().unwrap();
    access.keys.iter().find(|(t, _)| *t == table).unwrap().1.clone()
}

fn stored(file: &EventFile, round: u32, table: u32, deal: u32) -> Option<ResultValue> {
    file.results()
        .unwrap()
        .get(&ResultKey { round, table, deal })
        .cloned()
}

#[test]
fn a_table_writes_its_own_boards_once_and_a_repeat_gets_the_same_answer() {
    let (path, mut file) = evening("own");
    let access = file.table_access().unwrap();
    assert_eq!(access.keys.len(), 5);
    assert_eq!(access.pin.len(), 6);
    // Made once: asking again gives the same keys.
    assert_eq!(file.table_access().unwrap(), access);
    let key = key_of(&mut file, 1);

    let request = at_table(1, &key, "phone1-0001", contract(1, 1, 1, "4S", "N", "="));
    let reply = file.table_result(&request).unwrap().unwrap();
    assert!(
        matches!(&reply, TableReply::Saved { replaced: None, .. }),
        "{reply:?}"
    );
    assert!(reply.message().contains("4S by N ="), "{}", reply.message());
    let lines = file.history().unwrap().len();
    // Sent again (the phone never saw the answer): the same answer, nothing written.
    assert_eq!(file.table_result(&request).unwrap().unwrap(), reply);
    assert_eq!(file.history().unwrap().len(), lines);
    // The app killed and started again: the file still knows the request.
    drop(file);
    let mut file = EventFile::open(&path).unwrap();
    assert_eq!(file.table_result(&request).unwrap().unwrap(), reply);
    assert_eq!(file.history().unwrap().len(), lines);
    assert!(stored(&file, 1, 1, 1).is_some());

    // A correction from the same table, before the round ends.
    let corrected = file
        .table_result(&at_table(
            1,
            &key,
            "phone1-0002",
            contract(1, 1, 1, "4S", "N", "+1"),
        ))
        .unwrap()
        .unwrap();
    assert!(
        matches!(&corrected, TableReply::Saved { replaced: Some(before), .. } if before.contains("4S by N =")),
        "{corrected:?}"
    );
}

#[test]
fn a_wrong_key_another_tables_board_another_round_and_bad_input_are_refused_and_nothing_is_stored() {
    let (_, mut file) = evening("refused");
    let key1 = key_of(&mut file, 1);
    let key2 = key_of(&mut file, 2);
    let lines = file.history().unwrap().len();
    let cases = [
        // Table 2's key used for table 1.
        (
            at_table(1, &key2, "guess-0001", contract(1, 1, 1, "4S", "N", "=")),
            "not allowed",
        ),
        (
            at_table(1, "", "guess-0002", contract(1, 1, 1, "4S", "N", "=")),
            "not allowed",
        ),
        (
            at_table(9, &key1, "guess-0003", contract(1, 1, 1, "4S", "N", "=")),
            "not allowed",
        ),
        // Table 1's key, table 2's board.
        (
            at_table(1, &key1, "other-0001", contract(1, 2, 3, "4S", "N", "=")),
            "not played at table 1",
        ),
        // The next round, not yet reached.
        (
            at_table(1, &key1, "later-0001", contract(2, 1, 3, "4S", "N", "=")),
            "on round 1, not round 2",
        ),
        (
            at_table(1, &key1, "bad-00001", contract(1, 1, 1, "8S", "N", "=")),
            "8S",
        ),
        (
            at_table(1, &key1, "bad-00002", contract(1, 1, 1, "4S", "Q", "=")),
            "Q",
        ),
        (
            at_table(1, &key1, "bad-00003", contract(1, 1, 1, "4S", "N", "+4")),
            "tricks",
        ),
        (
            at_table(1, &key1, "short", contract(1, 1, 1, "4S", "N", "=")),
            "valid id",
        ),
    ];
    for (request, expected) in cases {
        let refusal = file.table_result(&request).unwrap().unwrap_err();
        assert!(
            refusal.to_string().contains(expected),
            "{request:?}: {refusal} (expected {expected:?})"
        );
    }
    assert!(file.results().unwrap().is_empty());
    assert_eq!(file.history().unwrap().len(), lines);
    let wrong_pin = TableRequest {
        caller: Caller::Director {
            pin: "000000x".into(),
        },
        request_id: "director-01".into(),
        fields: contract(1, 1, 1, "4S", "N", "="),
    };
    assert_eq!(
        file.table_result(&wrong_pin).unwrap(),
        Err(TableRefusal::WrongPin)
    );
}

#[test]
fn a_result_that_differs_from_the_windows_is_a_conflict_for_the_director() {
    let (_, mut file) = evening("conflict");
    let key = key_of(&mut file, 1);
    let typed =
        scheduler::event::entry::Fields::result(&contract(1, 1, 2, "3NT", "E", "9"), file.event()).unwrap();
    file.set_result(typed.0, typed.1.unwrap()).unwrap();
    let window = stored(&file, 1, 1, 2).unwrap();

    // The same result from the table: acknowledged, nothing written.
    let lines = file.history().unwrap().len();
    let same = file
        .table_result(&at_table(
            1,
            &key,
            "phone-same-1",
            contract(1, 1, 2, "3NT", "E", "="),
        ))
        .unwrap()
        .unwrap();
    assert!(matches!(same, TableReply::Saved { .. }), "{same:?}");
    assert_eq!(file.history().unwrap().len(), lines);

    // A different one: kept aside, the window's stays.
    let differs = file
        .table_result(&at_table(
            1,
            &key,
            "phone-diff-1",
            contract(1, 1, 2, "3NT", "E", "-1"),
        ))
        .unwrap()
        .unwrap();
    assert!(matches!(differs, TableReply::Conflict { .. }), "{differs:?}");
    assert!(
        differs.message().contains("the director will decide"),
        "{}",
        differs.message()
    );
    assert_eq!(stored(&file, 1, 1, 2).unwrap(), window);
    let conflicts = file.conflicts().unwrap();
    assert_eq!(conflicts.len(), 1);
    assert_eq!(conflicts[0].source, "table 1");

    // The director takes the table's: written as a correction.
    assert!(file.settle_conflict(conflicts[0].id, true).unwrap());
    assert_ne!(stored(&file, 1, 1, 2).unwrap(), window);
    assert!(file.conflicts().unwrap().is_empty());
    assert!(!file.settle_conflict(conflicts[0].id, true).unwrap());
}

#[test]
fn a_table_moves_on_only_when_its_round_is_complete_and_then_cannot_change_it() {
    let (_, mut file) = evening("rounds");
    let key = key_of(&mut file, 1);
    let next = |file: &mut EventFile, id: &str| {
        file.next_table_round(
            &Caller::Table {
                table: 1,
                key: key.clone(),
            },
            id,
        )
        .unwrap()
    };
    file.table_result(&at_table(
        1,
        &key,
        "r1-board-1",
        contract(1, 1, 1, "4S", "N", "="),
    ))
    .unwrap()
    .unwrap();
    let refusal = next(&mut file, "next-0001").unwrap_err();
    assert!(
        refusal.to_string().contains("still needs a result for board 2"),
        "{refusal}"
    );
    file.table_result(&at_table(
        1,
        &key,
        "r1-board-2",
        contract(1, 1, 2, "2H", "S", "8"),
    ))
    .unwrap()
    .unwrap();
    assert_eq!(next(&mut file, "next-0002"), Ok(TableReply::Moved { round: 2 }));
    // Repeated: the same answer, not round 3.
    assert_eq!(next(&mut file, "next-0002"), Ok(TableReply::Moved { round: 2 }));
    assert_eq!(file.table_round(1).unwrap(), Some(2));
    // A result of round 1 sent again after the table moved on (its answer was lost): the
    // first answer again, not a refusal.
    let again = file
        .table_result(&at_table(
            1,
            &key,
            "r1-board-2",
            contract(1, 1, 2, "2H", "S", "8"),
        ))
        .unwrap();
    assert!(matches!(again, Ok(TableReply::Saved { .. })), "{again:?}");
    // Round 1 is closed to the table now; the director may still correct it.
    let late = file
        .table_result(&at_table(
            1,
            &key,
            "r1-late-01",
            contract(1, 1, 1, "4S", "N", "+1"),
        ))
        .unwrap()
        .unwrap_err();
    assert!(late.to_string().contains("only the director"), "{late}");
    let pin = file.table_access().unwrap().pin;
    let director = TableRequest {
        caller: Caller::Director { pin },
        request_id: "director-02".into(),
        fields: contract(1, 1, 1, "4S", "N", "+1"),
    };
    assert!(matches!(
        file.table_result(&director).unwrap(),
        Ok(TableReply::Saved { .. })
    ));
    let history = file.history().unwrap();
    assert!(
        history.iter().any(|line| line.action == "corrected"),
        "{history:?}"
    );
}

#[test]
fn a_session_reads_the_history_of_a_tables_result_on_its_next_refresh() {
    let (path, file) = evening("session");
    drop(file);
    let mut session = scheduler::event::session::Session::open(&path).unwrap();
    let key = session.table_access().unwrap().keys[0].1.clone();
    let lines = session.history().len();
    let outcome = session
        .table_result(&at_table(
            1,
            &key,
            "session-0001",
            contract(1, 1, 1, "1NT", "W", "7"),
        ))
        .unwrap();
    assert!(outcome.is_ok(), "{outcome:?}");
    // The results at once (what the tables' pages show)…
    assert_eq!(session.results().len(), 1);
    let view = session.table_view(1, None).unwrap().unwrap();
    assert!(
        view.boards[0]
            .result
            .as_deref()
            .is_some_and(|r| r.contains("1NT by W =")),
        "{view:?}"
    );
    // …the history with the next refresh.
    assert!(session.refresh().unwrap());
    assert_eq!(session.history().len(), lines + 1);
    assert!(!session.refresh().unwrap(), "nothing more to read");
}

#[test]
fn a_tables_page_shows_a_boards_traveller_and_hands_only_after_its_own_result_then_where_everyone_goes() {
    use scheduler::event::session::{Command, Session};
    let (path, file) = evening("page");
    drop(file);
    let mut session = Session::open(&path).unwrap();
    let boards = scheduler::deals::random_boards(42, 10, "Club", "Here", "2026.11.27");
    session.apply(Command::AttachDeals(boards)).unwrap();
    let access = session.table_access().unwrap();
    let key = |table: u32| access.keys.iter().find(|(t, _)| *t == table).unwrap().1.clone();

    let before = session.table_view(1, None).unwrap().unwrap();
    assert_eq!(before.entry, "bridge");
    assert!(
        before
            .boards
            .iter()
            .all(|b| b.traveller.is_empty() && b.hand.is_none())
    );
    assert!(before.next.is_empty(), "not before the round is complete");

    let said = session
        .table_result(&at_table(
            1,
            &key(1),
            "page-0001",
            contract(1, 1, 1, "4S", "N", "+1"),
        ))
        .unwrap();
    assert!(said.is_ok(), "{said:?}");
    let view = session.table_view(1, None).unwrap().unwrap();
    let first = &view.boards[0];
    assert_eq!(first.traveller.len(), 1);
    assert!(first.traveller[0].this_table);
    assert_eq!(first.traveller[0].ns_score, Some(450));
    assert_eq!(first.traveller[0].north_south, view.north_south);
    let hand = first.hand.as_ref().expect("deals are attached");
    assert_eq!(hand.dealer, "North", "board 1 is dealt by North");
    assert_eq!(hand.vulnerable, "None");
    let cards: usize = hand
        .hands
        .iter()
        .flat_map(|(_, suits)| suits.iter().map(String::len))
        .sum();
    assert_eq!(cards, 52, "{hand:?}");
    // Board 2 is not entered yet: nothing of it shows.
    assert!(view.boards[1].traveller.is_empty() && view.boards[1].hand.is_none());
    assert!(view.next.is_empty());

    let said = session
        .table_result(&at_table(
            1,
            &key(1),
            "page-0002",
            contract(1, 1, 2, "3NT", "E", "="),
        ))
        .unwrap();
    assert!(said.is_ok(), "{said:?}");
    let view = session.table_view(1, None).unwrap().unwrap();
    assert!(view.complete);
    // A Mitchell: N-S stay, E-W move up a table, the boards go down one.
    assert_eq!(
        view.next,
        vec![
            format!("{}: table 1, N-S", view.north_south),
            format!("{}: table 2, E-W", view.east_west),
            "Boards 1–2: to table 5".to_owned(),
        ]
    );
    // Another table that has not played board 1 sees none of its results.
    let other = session.table_view(5, None).unwrap().unwrap();
    assert!(other.boards.iter().all(|b| b.traveller.is_empty()));
}

#[test]
fn a_whist_tables_page_takes_each_sides_tricks_and_checks_their_sum() {
    use scheduler::event::create::EventFormat;
    use scheduler::event::session::Session;
    let event = crate::common::event(EventFormat::WhistDrive, 8, |spec| {
        spec.options.hands_per_round = Some(2);
    });
    let path = crate::common::scratch("tables", "whist.tourney");
    let mut session = Session::create(&path, &event).unwrap();
    let key = session.table_access().unwrap().keys[0].1.clone();
    let view = session.table_view(1, None).unwrap().unwrap();
    assert_eq!((view.entry, view.tricks_in_round), ("tricks", Some(26)));
    assert_eq!(view.boards.len(), 1);
    let tricks = |ns: &str, ew: &str| Fields {
        round: Some(1),
        table: Some(1),
        ns: Some(ns.into()),
        ew: Some(ew.into()),
        ..Fields::default()
    };
    let wrong = session
        .table_result(&at_table(1, &key, "whist-0001", tricks("14", "13")))
        .unwrap();
    assert!(matches!(wrong, Err(TableRefusal::Invalid(_))), "{wrong:?}");
    assert!(session.results().is_empty());
    let right = session
        .table_result(&at_table(1, &key, "whist-0002", tricks("14", "12")))
        .unwrap();
    assert!(right.is_ok(), "{right:?}");
    let view = session.table_view(1, None).unwrap().unwrap();
    assert!(view.complete && view.boards[0].result.is_some());
    // Individuals: each player's own seat next round.
    assert_eq!(view.next.len(), 4, "{:?}", view.next);
    assert!(
        view.next.iter().all(|line| line.contains(": table ")),
        "{:?}",
        view.next
    );
}

#[test]
fn the_director_settles_a_conflict_through_the_sessions_one_write_path() {
    use scheduler::event::session::{Command, Session};
    let (path, file) = evening("settle");
    drop(file);
    let mut session = Session::open(&path).unwrap();
    let key = session.table_access().unwrap().keys[0].1.clone();
    let typed = Fields::result(&contract(1, 1, 1, "2H", "S", "8"), session.event()).unwrap();
    session
        .apply(Command::SetResult(typed.0, typed.1.unwrap()))
        .unwrap();
    let sent = session
        .table_result(&at_table(
            1,
            &key,
            "settle-0001",
            contract(1, 1, 1, "2H", "S", "+1"),
        ))
        .unwrap()
        .unwrap();
    assert!(matches!(sent, TableReply::Conflict { .. }), "{sent:?}");
    let conflict = session.conflicts().unwrap()[0].clone();
    let applied = session
        .apply(Command::SettleConflict {
            id: conflict.id,
            take_sent: true,
        })
        .unwrap();
    assert!(
        applied.message.starts_with("Took the table's result"),
        "{}",
        applied.message
    );
    assert_eq!(session.results().get(&conflict.key), Some(&conflict.sent));
    assert!(session.conflicts().unwrap().is_empty());
    // The history says where it came from.
    let last = session.history().last().unwrap().clone();
    assert_eq!(last.source.as_deref(), Some("table 1"));
    let again = session
        .apply(Command::SettleConflict {
            id: conflict.id,
            take_sent: false,
        })
        .unwrap();
    assert_eq!(again.message, "That conflict was already settled");
}

/// The Howell in half-sets (issue 43) on a table's page: after its first half the pairs stay,
/// and its boards wait by the table that plays them next (there is no relay stand).
#[test]
fn a_half_set_tables_page_says_the_pairs_stay_and_where_its_boards_wait() {
    use scheduler::event::session::Session;
    let names: Vec<String> = (1..=6).map(|i| format!("North {i} & South {i}")).collect();
    let event = club_event(&names, MovementKind::HalfSetHowell, 2);
    let path = scratch("half-sets");
    drop(EventFile::create(&path, &event).unwrap());
    let mut session = Session::open(&path).unwrap();
    let access = session.table_access().unwrap();
    let key = access.keys.iter().find(|(t, _)| *t == 1).unwrap().1.clone();
    for (board, id) in [(1, "half-0001"), (2, "half-0002")] {
        let said = session
            .table_result(&at_table(1, &key, id, contract(1, 1, board, "4S", "N", "=")))
            .unwrap();
        assert!(said.is_ok(), "{said:?}");
    }
    let view = session.table_view(1, None).unwrap().unwrap();
    assert!(view.complete);
    assert_eq!(
        view.next,
        vec![
            format!("{}: table 1, N-S", view.north_south),
            format!("{}: table 1, E-W", view.east_west),
            "Boards 1–2: to table 2, to wait for round 4".to_owned(),
        ]
    );
}
