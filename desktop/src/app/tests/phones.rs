//! Scoring from phones as the director sees it in the window: turned on from the results
//! view, the tables' QR codes, a phone's result landing in the live grid and the newest
//! results, a conflict with a typed result settled with a click, and turned off again.

use super::director::club_pairs_evening;
use super::*;
use std::io::{Read, Write};

/// One POST to the window's server over the loopback, as a table's page sends it: the status.
fn post(port: u16, path: &str, key: &str, body: &str) -> (u16, String) {
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Tourney-Key: {key}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let status = answer.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, answer)
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Frames until the window has read the file again (it looks once a second).
fn settle(harness: &mut Harness<'static, TourneyApp>) {
    std::thread::sleep(Duration::from_millis(1100));
    harness.run();
}

#[test]
fn the_director_serves_phones_from_the_results_view_and_settles_a_conflict() {
    let dir = folder("phones-panel");
    let path = club_pairs_evening(&dir);
    let mut harness = harness(TourneyApp::starting(
        dir.join("data"),
        Some(&path),
        Vec::new(),
        scripted(vec![Some(dir.join("codes.pdf"))]),
    ));
    harness.get_by_label("Results").click();
    harness.run();
    harness.get_by_label("Scoring from phones: off").click();
    harness.run();
    let port = free_port();
    harness.state_mut().views.results.phones.port = port;
    harness.get_by_label("Turn on").click();
    harness.run();
    harness.get_by_label("Scoring from phones: on");
    harness.get_by_label_contains("Director's PIN: ");
    harness.get_by_label("R1");
    let (table, page) = {
        let server = harness.state().views.results.phones.server().expect("serving");
        server.tables()[0].clone()
    };
    assert!(page.contains(&format!(":{port}/t/{table}?k=")), "{page}");
    let key = page.split("?k=").nth(1).unwrap().to_owned();

    // The codes: one per table, each with its address under it.
    harness.get_by_label("Show the tables' QR codes").click();
    harness.run();
    harness.get_by_label("Tables' QR codes");
    harness.get_by_label(&page);
    harness.get_by_label("Close window").click();
    harness.run();
    assert_eq!(harness.query_all_by_label("Tables' QR codes").count(), 0);

    // The cards to put on the tables: four a page.
    harness.get_by_label("Print the tables' cards (PDF)…").click();
    harness.run();
    let pdf = std::fs::read(dir.join("codes.pdf")).expect("the cards written");
    let tables = harness
        .state()
        .views
        .results
        .phones
        .server()
        .unwrap()
        .tables()
        .len();
    assert_eq!(
        lopdf::Document::load_mem(&pdf).unwrap().get_pages().len(),
        tables.div_ceil(4)
    );

    // The evening has every result but one typed; table 1's phone sends round 1's first board
    // differently: a conflict for the director.
    let event = session(&harness).event().clone();
    let board = event.deals_at(1, table).next().unwrap();
    let stored = session(&harness).results()[&scheduler::event::ResultKey {
        round: 1,
        table,
        deal: board,
    }];
    let body = format!(
        r#"{{"id":"window-test-0001","round":1,"board":{board},"contract":"7NT","by":"N","tricks":"-7"}}"#
    );
    let (status, answer) = post(port, &format!("/api/t/{table}/result"), &key, &body);
    assert_eq!(status, 200, "{answer}");
    assert!(answer.contains("\"conflict\""), "{answer}");
    settle(&mut harness);
    harness.get_by_label_contains("result(s) from the tables differ from the stored ones");
    harness.get_by_label("Take the table's").click();
    harness.run();
    let key_of_board = scheduler::event::ResultKey {
        round: 1,
        table,
        deal: board,
    };
    let now = session(&harness).results()[&key_of_board];
    assert_ne!(now, stored, "the table's result replaced the typed one");
    assert!(format!("{now}").contains("7NT"), "{now}");
    settle(&mut harness);
    assert_eq!(
        harness
            .query_all_by_label_contains("differ from the stored ones")
            .count(),
        0
    );
    harness.get_by_label_contains("Newest from the tables:");
    harness.get_by_label_contains("table 1: round 1 table 1 board");
    harness.get_by_label_contains("● at the table");

    // Off: the event is free for `tourney event serve` again.
    harness.get_by_label("Turn off").click();
    harness.run();
    harness.get_by_label("Scoring from phones: off");
    let again = crate::phones::PhoneServer::start(
        &path,
        &crate::phones::ServeOptions {
            port: free_port(),
            ..Default::default()
        },
    );
    assert!(again.is_ok(), "{:?}", again.err());
}
