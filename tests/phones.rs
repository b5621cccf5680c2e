//! Scoring from phones, end to end (issue 42): the real `tourney event serve` on the loopback,
//! driven over HTTP as the tables' pages drive it, with a small HTTP client written here (no
//! client library). The security cases: another table's key, a guessed key, a stale round, a
//! replayed request, a 10 MB body, a malformed contract, the director's PIN: each answered
//! with its status, and nothing stored that should not be.

// Not every helper of the shared module is used here.
#[allow(dead_code)]
mod common;

use common::{Served, ok, scratch, tourney};
use std::io::{Read, Write};
use std::net::TcpStream;

impl Served {
    /// One HTTP/1.1 request; the status and the body.
    fn request(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> (u16, String) {
        let mut stream = TcpStream::connect(&self.host).expect("connect");
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: {}\r\n",
            self.host,
            body.len()
        );
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("\r\n");
        stream.write_all(head.as_bytes()).expect("send");
        // A server that refuses a large body may close before reading it all.
        let _ = stream.write_all(body);
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        let answer = String::from_utf8_lossy(&answer).into_owned();
        let status = answer
            .split(' ')
            .nth(1)
            .and_then(|code| code.parse().ok())
            .unwrap_or_else(|| panic!("no status in {answer:?}"));
        let body = answer
            .split_once("\r\n\r\n")
            .map(|(_, b)| b.to_owned())
            .unwrap_or_default();
        (status, body)
    }

    fn post(&self, table: u32, action: &str, key: &str, body: &str) -> (u16, String) {
        self.request(
            "POST",
            &format!("/api/t/{table}/{action}"),
            &[("X-Tourney-Key", key), ("Content-Type", "application/json")],
            body.as_bytes(),
        )
    }
}

/// A 5-table Mitchell, 2 boards a round, in the test's own folder.
fn evening(test: &str) -> std::path::PathBuf {
    let event = scratch(test).join("club.tourney");
    common::five_table_mitchell(&event);
    event
}

fn result(id: &str, round: u32, board: u32, contract: &str, by: &str, tricks: &str) -> String {
    format!(
        r#"{{"id":"{id}","round":{round},"board":{board},"contract":"{contract}","by":"{by}","tricks":"{tricks}"}}"#
    )
}

fn history_lines(event: &std::path::Path) -> usize {
    ok(&tourney(&["event", "history", event.to_str().unwrap()]))
        .lines()
        .count()
}

#[test]
fn the_page_and_the_tables_requests_are_answered_and_refused_as_they_should_be() {
    let event = evening("phones-security");
    let served = Served::start(&event);
    let (key1, key2) = (served.key(1).to_owned(), served.key(2).to_owned());

    // The page itself, and what it shows.
    let (status, page) = served.request("GET", &format!("/t/1?k={key1}"), &[], b"");
    assert_eq!(status, 200);
    assert!(
        page.contains("<html") && !page.contains("http://") && !page.contains("https://"),
        "the page loads nothing from elsewhere"
    );
    let (status, view) = served.request("GET", "/api/t/1", &[("X-Tourney-Key", &key1)], b"");
    assert_eq!(status, 200, "{view}");
    assert!(
        view.contains(r#""round":1"#) && view.contains(r#""board":1"#),
        "{view}"
    );

    // A result, checked (not saved), then saved, then sent again.
    let (status, checked) = served.post(1, "check", &key1, &result("check-0001", 1, 1, "4S", "N", "="));
    assert_eq!(status, 200, "{checked}");
    assert!(checked.contains("N-S +420"), "{checked}");
    let before = history_lines(&event);
    assert_eq!(before, 1, "checking saves nothing");
    let first = served.post(1, "result", &key1, &result("phone-0001", 1, 1, "4S", "N", "="));
    assert_eq!(first.0, 200, "{}", first.1);
    let replayed = served.post(1, "result", &key1, &result("phone-0001", 1, 1, "4S", "N", "="));
    assert_eq!(replayed, first, "a replayed request gets the first answer");
    assert_eq!(history_lines(&event), 2, "and is entered once");

    // Refusals: status, and nothing stored.
    let ten_megabytes = vec![b'{'; 10 * 1024 * 1024];
    let cases: Vec<(u16, (u16, String), &str)> = vec![
        (
            403,
            served.post(1, "result", &key2, &result("other-0001", 1, 1, "3NT", "S", "=")),
            "not allowed",
        ),
        (
            403,
            served.post(
                1,
                "result",
                "guessedkey000000",
                &result("guess-0001", 1, 1, "3NT", "S", "="),
            ),
            "not allowed",
        ),
        (
            403,
            served.post(1, "result", "", &result("guess-0002", 1, 1, "3NT", "S", "=")),
            "not allowed",
        ),
        (
            422,
            served.post(1, "result", &key1, &result("bad-000001", 1, 2, "8Q", "N", "=")),
            "level",
        ),
        (
            422,
            served.post(1, "result", &key1, &result("other-0002", 1, 3, "3NT", "S", "=")),
            "not board 3",
        ),
        (
            409,
            served.post(1, "result", &key1, &result("later-0001", 2, 3, "3NT", "S", "=")),
            "not round 2",
        ),
        (
            409,
            served.post(1, "next", &key1, r#"{"id":"next-00001"}"#),
            "still needs a result for board 2",
        ),
        (400, served.post(1, "result", &key1, "not json"), "JSON"),
        (
            400,
            served.post(
                1,
                "result",
                &key1,
                r#"{"id":"extra-0001","round":1,"board":2,"sneaky":1}"#,
            ),
            "JSON",
        ),
        (
            413,
            served.request(
                "POST",
                "/api/t/1/result",
                &[("X-Tourney-Key", &key1)],
                &ten_megabytes,
            ),
            "too large",
        ),
        (
            403,
            served.request(
                "POST",
                "/api/t/1/result",
                &[("X-Tourney-Pin", "000000")],
                result("pin-000001", 1, 1, "3NT", "S", "=").as_bytes(),
            ),
            "PIN",
        ),
        (
            404,
            served.request("GET", "/api/t/99", &[("X-Tourney-Key", &key1)], b""),
            "no such table",
        ),
        (404, served.request("GET", "/t/99", &[], b""), "no such page"),
        (
            405,
            served.request("DELETE", "/api/t/1", &[("X-Tourney-Key", &key1)], b""),
            "not a request",
        ),
    ];
    for (expected, (status, body), says) in cases {
        assert_eq!(status, expected, "{body}");
        assert!(body.contains(says), "{says:?} not in {body}");
    }
    assert_eq!(history_lines(&event), 2, "no refused request was stored");

    // The round finished, the table moves on; its old round is closed to its key, not to the
    // director's PIN.
    let second = served.post(1, "result", &key1, &result("phone-0002", 1, 2, "3NT", "E", "-1"));
    assert_eq!(second.0, 200, "{}", second.1);
    let moved = served.post(1, "next", &key1, r#"{"id":"next-00002"}"#);
    assert!(moved.0 == 200 && moved.1.contains("round 2"), "{moved:?}");
    let stale = served.post(1, "result", &key1, &result("stale-0001", 1, 1, "4S", "N", "+1"));
    assert_eq!(stale.0, 409, "{}", stale.1);
    let pin = served.pin.clone();
    let director = served.request(
        "POST",
        "/api/t/1/result",
        &[("X-Tourney-Pin", &pin)],
        result("director-01", 1, 1, "4S", "N", "+1").as_bytes(),
    );
    assert_eq!(director.0, 200, "{}", director.1);
    // Only the director opens another round than the table's own.
    let by_key = served.request("GET", "/api/t/1?r=1", &[("X-Tourney-Key", &key1)], b"");
    assert_eq!(by_key.0, 403, "{}", by_key.1);
    let by_pin = served.request("GET", "/api/t/1?k=x&r=1", &[("X-Tourney-Pin", &pin)], b"");
    assert_eq!(by_pin.0, 200, "{}", by_pin.1);
    assert!(
        by_pin.1.contains(r#""round":1"#) && by_pin.1.contains("4S by N +1"),
        "{}",
        by_pin.1
    );
    let bad = served.request("GET", "/api/t/1?r=one", &[("X-Tourney-Pin", &pin)], b"");
    assert_eq!(bad.0, 400, "{}", bad.1);
    let none = served.request("GET", "/api/t/1?r=99", &[("X-Tourney-Pin", &pin)], b"");
    assert_eq!(none.0, 404, "{}", none.1);
    served.stop();
    let history = ok(&tourney(&["event", "history", event.to_str().unwrap()]));
    assert_eq!(history.lines().count(), 4, "{history}");
    assert!(history.contains("4S by N +1"), "{history}");
}

#[test]
fn one_server_at_a_time_on_an_event() {
    let event = evening("phones-one-server");
    let served = Served::start(&event);
    let second = tourney(&[
        "event",
        "serve",
        event.to_str().unwrap(),
        "--bind",
        "127.0.0.1",
        "--port",
        "0",
        "--until-eof",
    ]);
    assert!(!second.status.success());
    assert!(
        common::text(&second.stderr).contains("already being served"),
        "{}",
        common::text(&second.stderr)
    );
    served.stop();
}

/// `serve --codes` writes a card per table with its QR code, four a page, and never replaces
/// a file without `--force` (then it stops serving and says why).
#[test]
fn serving_writes_the_tables_code_cards_and_refuses_to_replace_a_file() {
    let event = evening("phones-codes");
    let codes = event.with_file_name("codes.pdf");
    let serve = |extra: &[&str]| {
        let mut args = vec![
            "event",
            "serve",
            event.to_str().unwrap(),
            "--bind",
            "127.0.0.1",
            "--port",
            "0",
            "--until-eof",
            "--codes",
            codes.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        tourney(&args)
    };
    let first = serve(&[]);
    let said = ok(&first);
    assert!(said.contains("table 5: http://127.0.0.1:"), "{said}");
    let pdf = std::fs::read(&codes).unwrap();
    let document = lopdf::Document::load_mem(&pdf).unwrap();
    assert_eq!(document.get_pages().len(), 2, "5 cards, four a page");
    let again = serve(&[]);
    assert!(!again.status.success());
    let stderr = common::text(&again.stderr);
    assert!(stderr.contains("exists already"), "{stderr}");
    assert!(stderr.contains("stopped serving"), "{stderr}");
    assert_eq!(std::fs::read(&codes).unwrap(), pdf, "left as it was");
    ok(&serve(&["--force"]));
}

/// A Swiss teams event scored from the tables (issue 45): the real server gives each match two
/// tables, each table's phone enters its own contract, and the match's board is in once both
/// have it; the standings then read it. A three-way match's table is refused with a sentence.
#[test]
fn a_teams_matchs_two_tables_enter_their_own_contracts_from_phones() {
    let dir = scratch("phones-teams");
    let roster = common::teams_roster(&dir, &["Aces", "Barons", "Clubs", "Diamonds"]);
    let event = dir.join("swiss.tourney");
    let e = event.to_str().unwrap();
    let swiss = ["--swiss", "--rounds", "3", "--boards-per-round", "2"];
    common::new_teams_event(&event, &roster, &swiss);
    let served = Served::start(&event);
    // Two matches: tables 1 to 4, each with its own page.
    assert_eq!(
        served.pages.iter().map(|(t, _)| *t).collect::<Vec<_>>(),
        [1, 2, 3, 4]
    );
    let (key1, key2) = (served.key(1).to_owned(), served.key(2).to_owned());

    // Round 1 seeds the roster: match 1 is Aces v Clubs, Aces N-S at table 1, Clubs N-S at 2.
    let (status, view) = served.request("GET", "/api/t/2", &[("X-Tourney-Key", &key2)], b"");
    assert_eq!(status, 200, "{view}");
    assert!(
        view.contains(r#""north_south":"Clubs""#) && view.contains(r#""east_west":"Aces""#),
        "{view}"
    );
    // Checked first (nothing saved), then saved: the match waits for table 2.
    let (status, checked) = served.post(1, "check", &key1, &result("teams-check-1", 1, 1, "4S", "N", "="));
    assert_eq!(status, 200, "{checked}");
    assert!(checked.contains("4S by N =, N-S +420"), "{checked}");
    let (status, first) = served.post(1, "result", &key1, &result("teams-t1-b1", 1, 1, "4S", "N", "="));
    assert_eq!(status, 200, "{first}");
    assert!(first.contains("waiting for table 2"), "{first}");
    // Table 2: 4S one off, −50: 470 net to Aces, 10 IMPs.
    let (status, second) = served.post(2, "result", &key2, &result("teams-t2-b1", 1, 1, "4S", "N", "-1"));
    assert_eq!(status, 200, "{second}");
    assert!(
        second.contains("both tables are in: Aces +10 IMPs (470 net)"),
        "{second}"
    );
    // The other table's result now shows on table 2's page, with the IMPs.
    let (_, view) = served.request("GET", "/api/t/2", &[("X-Tourney-Key", &key2)], b"");
    assert!(view.contains("This board: Aces +10 IMPs (470 net)."), "{view}");
    // Table 1's key does not open table 2; a board of round 2 is refused.
    let (status, _) = served.post(
        2,
        "result",
        &key1,
        &result("teams-wrong-1", 1, 2, "1NT", "N", "="),
    );
    assert_eq!(status, 403);
    let (status, why) = served.post(
        1,
        "result",
        &key1,
        &result("teams-board3-1", 1, 3, "1NT", "N", "="),
    );
    assert_eq!(status, 422, "{why}");
    assert!(
        why.contains("table 1 plays boards 1–2 in round 1, not board 3"),
        "{why}"
    );
    drop(served);

    // The event file has the match's board as both tables' scores, from the tables.
    let history = ok(&tourney(&["event", "history", e]));
    assert!(
        history.contains("table 1 N-S 420, table 2 N-S -50 (net +470) (from tables 1 and 2)"),
        "{history}"
    );
}

/// A Swiss round paired while serving with a match more (two late teams) needs two tables
/// more: the server makes their keys, prints their lines as at the start, and serves their
/// pages, without being restarted.
#[test]
fn a_round_paired_while_serving_with_more_tables_gets_their_pages() {
    let dir = scratch("phones-late-teams");
    let roster = common::teams_roster(&dir, &["Aces", "Barons", "Clubs", "Diamonds"]);
    let event = dir.join("swiss.tourney");
    let e = event.to_str().unwrap();
    let swiss = ["--swiss", "--rounds", "3", "--boards-per-round", "2"];
    common::new_teams_event(&event, &roster, &swiss);
    let mut served = Served::start(&event);
    assert_eq!(
        served.pages.iter().map(|(t, _)| *t).collect::<Vec<_>>(),
        [1, 2, 3, 4]
    );
    // Round 1's two matches typed by the director, two late teams, round 2 paired: three
    // matches, tables 1 to 6.
    let entered = ok(&common::tourney_with_input(
        &["event", "result", e, "--stdin"],
        b"--round 1 --table 1 --board 1 --score 420,-170\n\
          --round 1 --table 1 --board 2 --net -50\n\
          --round 1 --table 2 --board 1 --net 0\n\
          --round 1 --table 2 --board 2 --net 1100\n",
    ));
    assert_eq!(entered.matches("saved #").count(), 4, "{entered}");
    for name in ["Late Lions", "Late Tigers"] {
        ok(&tourney(&["event", "late", e, "--name", name]));
    }
    let paired = ok(&tourney(&["event", "pair-next", e]));
    assert!(paired.contains("match 3: Late Lions v Late Tigers"), "{paired}");
    let mut added = vec![served.new_table(), served.new_table()];
    added.sort_unstable();
    assert_eq!(added, [5, 6]);
    // Table 6's page opens with its own key, on round 2; table 5's key does not open it.
    let (key5, key6) = (served.key(5).to_owned(), served.key(6).to_owned());
    let (status, view) = served.request("GET", "/api/t/6", &[("X-Tourney-Key", &key6)], b"");
    assert_eq!(status, 200, "{view}");
    assert!(view.contains(r#""round":2"#), "{view}");
    let (status, _) = served.request("GET", "/api/t/6", &[("X-Tourney-Key", &key5)], b"");
    assert_eq!(status, 403);
    served.stop();
}
