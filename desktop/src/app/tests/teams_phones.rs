//! Issue 45: a teams match scored from the tables' phones, as the director sees it in the
//! results view. One table of a match has sent its contract: the board's row says what each
//! table sent; once the other table sends its own (another writer on the file, as the phones'
//! server is), the board is saved from both, and the history says where it came from.

use super::*;
use scheduler::event::ResultValue;
use scheduler::event::entry::Fields;
use scheduler::event::session::Command;
use scheduler::event::store::EventFile;
use scheduler::event::tables::{Caller, TableRequest};
use scheduler::event::teams::match_teams;

/// Table `table` sends its contract on board 1 of round 1, as its phone would.
fn from_phone(file: &mut EventFile, table: u32, contract: &str, tricks: &str) {
    let key = file
        .table_access()
        .unwrap()
        .keys
        .into_iter()
        .find(|(t, _)| *t == table)
        .unwrap()
        .1;
    let request = TableRequest {
        caller: Caller::Table { table, key },
        request_id: format!("kittest-table-{table}"),
        fields: Fields {
            round: Some(1),
            table: Some(table),
            board: Some(1),
            contract: Some(contract.into()),
            by: Some("N".into()),
            tricks: Some(tricks.into()),
            ..Fields::default()
        },
    };
    file.table_result(&request).unwrap().unwrap();
}

#[test]
fn the_results_view_shows_what_each_table_of_a_match_sent_then_the_board() {
    let dir = folder("teams-phones");
    let path = dir.join("swiss.tourney");
    let event = swiss_teams("Swiss", 4, 2, 2);
    let (home, _) = match_teams(&event.schedule.round(1).unwrap().tables[0]).unwrap();
    let home = event.schedule.entrants[home].clone();
    let mut phones = EventFile::create(&path, &event).unwrap();
    from_phone(&mut phones, 1, "4S", "10");
    let mut harness = results_view(&dir, &path);
    harness.get_by_label("from the phones: table 1: 4S by N =, N-S +420; table 2: not yet");
    // Table 2 goes one off: 470 net to the home team, 10 IMPs, saved from both tables.
    from_phone(&mut phones, 2, "4S", "9");
    harness.run();
    harness.get_by_label(&format!("saved, net +470, {home} +10 IMPs"));
    assert!(harness.query_by_label_contains("from the phones").is_none());
    harness.get_by_label_contains("table 1 N-S 420, table 2 N-S -50 (net +470) (from tables 1 and 2)");
}

/// Serving from the window while another writer (the command line, a second window) adds two
/// late teams and pairs round 2 with a match more: the panel makes the two new tables' keys and
/// QR codes without being turned off and on, and the server answers their pages.
#[test]
fn a_round_paired_while_serving_adds_its_new_tables_codes() {
    let dir = folder("teams-phones-late");
    let path = dir.join("swiss.tourney");
    let event = swiss_teams("Swiss", 4, 3, 2);
    EventFile::create(&path, &event).unwrap();
    let mut harness = results_view(&dir, &path);
    harness.get_by_label("Scoring from phones: off").click();
    harness.run();
    harness.state_mut().views.results.phones.port = 0;
    harness.get_by_label("Turn on").click();
    harness.run();
    let tables = |harness: &Harness<'static, TourneyApp>| -> Vec<u32> {
        let server = harness.state().views.results.phones.server().expect("serving");
        server.tables().iter().map(|(t, _)| *t).collect()
    };
    assert_eq!(tables(&harness), [1, 2, 3, 4]);

    // Another writer: round 1's boards, two late teams, round 2 paired (three matches).
    let mut other = Session::open_to_write(&path).unwrap();
    for table in [1, 2] {
        for deal in other.event().deals_of_round(1).collect::<Vec<_>>() {
            let key = scheduler::event::ResultKey {
                round: 1,
                table,
                deal,
            };
            let board = scheduler::event::teams::TeamBoard::Net { net: 50 };
            other
                .apply(Command::SetResult(key, ResultValue::Teams { board }))
                .unwrap();
        }
    }
    for name in ["Late Lions", "Late Tigers"] {
        other
            .apply(Command::LateArrival {
                name: name.into(),
                before_round: None,
                missed: scheduler::movement::MissedBoards::NotPlayed,
            })
            .unwrap();
    }
    other
        .apply(Command::PairNextRound {
            leaving: Vec::new(),
            odd: scheduler::swiss::OddCount::Bye,
        })
        .unwrap();
    // The window looks once a second.
    std::thread::sleep(Duration::from_millis(1100));
    harness.run();
    harness.run();
    assert_eq!(tables(&harness), [1, 2, 3, 4, 5, 6]);
    harness.get_by_label("Show the tables' QR codes").click();
    harness.run();
    harness.get_by_label("Table 6");
}
