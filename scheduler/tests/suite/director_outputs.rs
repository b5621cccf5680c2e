//! What a bridge club director expects from a scoring program (EBUScore, ACBLscore,
//! BridgeComposer): a shared place printed "4=" in every standings table, the CSV and the
//! PDF; the opening lead entered with a contract, kept in the event file and printed on the
//! traveller; the hand records printed four boards a page; and a Mitchell's table card that
//! names its stationary N-S pair once.

use crate::club_pairs::club_event;
use crate::common::{event, scratch};
use crate::sheets::read_pdf;
use scheduler::event::club_pairs::travellers;
use scheduler::event::create::EventFormat;
use scheduler::event::entry::{Fields, typed_result};
use scheduler::event::session::{Command, Session};
use scheduler::event::standings::{standings, standings_csv};
use scheduler::event::store::EventFile;
use scheduler::event::{BridgeResult, ResultKey, ResultValue, Results};
use scheduler::movement::MovementKind;
use scheduler::sheets::event_sheets::{event_document, event_sheets_pdf, sheet_kinds};
use scheduler::sheets::{SectionBody, SheetError, SheetKind, SheetOptions};

fn names(pairs: usize) -> Vec<String> {
    (1..=pairs).map(|i| format!("Pair{i} Ames & Blake")).collect()
}

fn options(kinds: &[SheetKind]) -> SheetOptions {
    let mut options = SheetOptions::new("Club pairs");
    options.kinds = kinds.to_vec();
    options
}

/// Every row's first cell (the place) of every ranking (a whist drive's prize table, whose
/// first cell names the prize, left out).
fn places(tables: &[scheduler::sheets::StandingsTable]) -> Vec<String> {
    tables
        .iter()
        .filter(|t| t.heading.as_deref() != Some("Prizes"))
        .flat_map(|t| t.rows.iter().map(|r| r[0].clone()))
        .collect()
}

/// A whist drive where everybody takes the same tricks: all share first place, "1=" on the
/// screen, in the CSV and on the printed standings; a club pairs evening with every board
/// passed out the same.
#[test]
fn a_shared_place_is_written_with_an_equals_sign_everywhere() {
    let whist = event(EventFormat::WhistDrive, 8, |s| s.options.rounds = Some(1));
    let mut results = Results::new();
    for table in &whist.schedule.rounds[0].tables {
        let key = ResultKey {
            round: 1,
            table: table.number,
            deal: 0,
        };
        results.insert(key, ResultValue::Tricks { ns: 13, ew: 13 });
    }
    let tables = standings(&whist, &results);
    assert_eq!(tables[0].columns[0], "Rank");
    assert!(places(&tables).iter().all(|p| p == "1="), "{:?}", places(&tables));
    // Every result is in: the prizes follow the ranking (the winner shared by all eight).
    assert_eq!(tables.last().and_then(|t| t.heading.as_deref()), Some("Prizes"));
    assert!(tables.last().unwrap().rows[0][1].ends_with("(tied)"));
    let csv = String::from_utf8(standings_csv(&tables[..1], false)).unwrap();
    assert!(csv.lines().skip(1).all(|l| l.starts_with("1=,")), "{csv}");
    let mut print = options(&[SheetKind::Standings]);
    print.title = "Whist".into();
    let pdf = read_pdf(&scheduler::sheets::schedule_pdf(&whist.schedule, &tables, &print).unwrap());
    assert!(pdf.contains("1="), "the place prints as 1=");

    // Club pairs: a flat evening ties every pair in its field.
    let pairs = club_event(&names(10), MovementKind::Mitchell, 2);
    let mut results = Results::new();
    for traveller in travellers(&pairs, &Results::new()) {
        for row in &traveller.rows {
            let key = ResultKey {
                round: row.round,
                table: row.table,
                deal: traveller.board,
            };
            let board = BridgeResult::PassedOut;
            results.insert(key, ResultValue::Bridge { board });
        }
    }
    let tables = standings(&pairs, &results);
    assert_eq!(tables.len(), 2, "N-S and E-W");
    assert!(places(&tables).iter().all(|p| p == "1="), "{:?}", places(&tables));
}

/// Places that are not shared stay plain, and a tie further down is marked on both lines.
#[test]
fn only_the_shared_places_are_marked() {
    let whist = event(EventFormat::WhistDrive, 8, |s| s.options.rounds = Some(1));
    let mut results = Results::new();
    for (i, table) in whist.schedule.rounds[0].tables.iter().enumerate() {
        let key = ResultKey {
            round: 1,
            table: table.number,
            deal: 0,
        };
        // Table 1: 20–6, table 2: 13–13.
        let value = if i == 0 {
            ResultValue::Tricks { ns: 20, ew: 6 }
        } else {
            ResultValue::Tricks { ns: 13, ew: 13 }
        };
        results.insert(key, value);
    }
    let got = places(&standings(&whist, &results));
    assert_eq!(got, ["1=", "1=", "3=", "3=", "3=", "3=", "7=", "7="]);
}

/// A club pairs event whose file is created in this module's scratch folder.
fn club_session(name: &str) -> Session {
    let path = scratch("director", name);
    let event = club_event(&names(10), MovementKind::Mitchell, 2);
    Session::create(&path, &event).unwrap()
}

/// The lead typed on the command line (`--lead ♥Q`) and in a form ("4S N 10 HQ", or a field
/// of its own) is the same result; it is kept in the event file and read back, printed on
/// the traveller, and any other text is refused with a sentence naming the field.
#[test]
fn the_opening_lead_is_entered_kept_and_printed() {
    let mut session = club_session("lead.tourney");
    let fields = Fields {
        board: Some(1),
        ns: Some("1".into()),
        ew: Some("1".into()),
        contract: Some("4S".into()),
        by: Some("N".into()),
        tricks: Some("=".into()),
        lead: Some("♥Q".into()),
        ..Fields::default()
    };
    let (key, value) = fields.result(session.event()).unwrap();
    let value = value.unwrap();
    let ResultValue::Bridge { board } = value else {
        panic!("not a bridge result: {value:?}");
    };
    assert_eq!(board.lead().map(|c| c.to_string()).as_deref(), Some("HQ"));
    assert_eq!(value.to_string(), "4S by N =, lead HQ");
    // The form: the lead at the end of the one field, or in its own field, or both alike.
    for typed in [&["4S N 10 HQ"][..], &["4S N 10", "hq"], &["4S by N = qh", "♥Q"]] {
        assert_eq!(
            typed_result(session.event(), key, typed),
            Some(Ok(value)),
            "{typed:?}"
        );
    }
    // Kept in the file: read back by another opening.
    session.apply(Command::SetResult(key, value)).unwrap();
    let path = scratch("director", "lead-copy.tourney");
    session
        .file()
        .save_copy(&path, scheduler::event::store::ExistingFile::Refuse)
        .unwrap();
    let read = EventFile::open(&path).unwrap().results().unwrap();
    assert_eq!(read.get(&key), Some(&value));
    // Printed on the traveller, in its own column.
    let document = event_document(
        session.event(),
        session.results(),
        &options(&[SheetKind::Travellers]),
    )
    .unwrap();
    let SectionBody::Cards { cards } = &document.sections[0].body else {
        panic!("travellers are cards");
    };
    let lead = cards[0]
        .grid
        .columns
        .iter()
        .position(|c| c.label == "Lead")
        .unwrap();
    let row = cards[0]
        .grid
        .rows
        .iter()
        .find(|r| r[1] == key.table.to_string() && r[0] == key.round.to_string())
        .unwrap();
    assert_eq!(row[lead], "♥Q");
    // Refused, the field named.
    let bad = Fields {
        lead: Some("HX".into()),
        ..fields.clone()
    };
    let said = bad.result(session.event()).unwrap_err();
    assert!(said.starts_with("--lead: \"HX\" is not a card"), "{said}");
    let with_score = Fields {
        contract: None,
        by: None,
        tricks: None,
        score: Some("420".into()),
        ..fields.clone()
    };
    let said = with_score.result(session.event()).unwrap_err();
    assert!(said.contains("--lead"), "{said}");
    let passed = Fields {
        contract: None,
        by: None,
        tricks: None,
        passed: true,
        ..fields
    };
    let said = passed.result(session.event()).unwrap_err();
    assert!(
        said.starts_with("--lead: the opening lead is entered with a contract"),
        "{said}"
    );
    let typed = typed_result(session.event(), key, &["4S N 10 Z9"])
        .unwrap()
        .unwrap_err();
    assert!(typed.starts_with("lead: \"Z9\" is not a card"), "{typed}");
    let typed = typed_result(session.event(), key, &["pass", "HQ"])
        .unwrap()
        .unwrap_err();
    assert!(typed.contains("with a contract played"), "{typed}");
}

/// A result stored before leads were kept (no `lead` in its JSON) reads as no lead, and a
/// result without a lead is stored as before, so an older Tourney still reads it.
#[test]
fn results_without_a_lead_are_stored_as_before() {
    let old = r#"{"kind":"bridge","board":{"how":"contract","contract":{"level":4,"strain":"Spades","doubling":"Undoubled"},"declarer":"N","tricks":10}}"#;
    let value: ResultValue = serde_json::from_str(old).unwrap();
    let ResultValue::Bridge { board } = value else {
        panic!("{value:?}");
    };
    assert_eq!(board.lead(), None);
    assert_eq!(serde_json::to_string(&value).unwrap(), old);
    let led = scheduler::event::entry::parse_board("4S N 10 SA").unwrap();
    let json = serde_json::to_string(&ResultValue::Bridge { board: led }).unwrap();
    assert!(json.ends_with(r#""tricks":10,"lead":"SA"}}"#), "{json}");
    assert_eq!(
        serde_json::from_str::<ResultValue>(&json).unwrap(),
        ResultValue::Bridge { board: led }
    );
}

/// Ten boards dealt: the hand records print four a page (three pages), each board with its
/// number, dealer, vulnerability and every hand; an evening with hand records prints them by
/// default, one without says there are none to print.
#[test]
fn hand_records_print_four_boards_a_page() {
    let mut event = club_event(&names(10), MovementKind::Mitchell, 2);
    assert!(!sheet_kinds(&event).contains(&SheetKind::HandRecords));
    let refused = event_document(&event, &Results::new(), &options(&[SheetKind::HandRecords])).unwrap_err();
    assert!(
        matches!(&refused, SheetError::Options(m) if m.contains("no hand records")),
        "{refused}"
    );
    for board in scheduler::deals::random_boards(7, 10, "Club pairs", "", "") {
        event
            .settings
            .deals
            .insert(board.number, board.deal.pbn(scheduler::deals::Direction::North));
    }
    assert_eq!(sheet_kinds(&event).last(), Some(&SheetKind::HandRecords));
    let document = event_document(&event, &Results::new(), &options(&[SheetKind::HandRecords])).unwrap();
    assert!(!document.sections[0].landscape);
    let SectionBody::HandRecords { boards } = &document.sections[0].body else {
        panic!("not hand records");
    };
    assert_eq!(boards.len(), 10);
    assert_eq!(boards[4].title, "Board 5");
    assert_eq!(boards[4].dealer, "Dealer North");
    assert_eq!(boards[4].vulnerability, "Vulnerable: N-S");
    for board in boards {
        let cards: usize = board
            .hands
            .iter()
            .flat_map(|h| &h.suits)
            .map(|s| s.cards.split_whitespace().filter(|c| *c != "—").count())
            .sum();
        assert_eq!(cards, 52, "{}", board.title);
        assert_eq!(board.hands.iter().map(|h| h.points).sum::<u32>(), 40);
    }
    let pdf =
        read_pdf(&event_sheets_pdf(&event, &Results::new(), &options(&[SheetKind::HandRecords])).unwrap());
    assert_eq!(pdf.pages.len(), 3, "ten boards, four a page");
    pdf.assert_headed("Club pairs");
    for text in ["Board 1", "Board 4", "Dealer West", "Board 10", "Vulnerable: All"] {
        assert!(pdf.contains(text), "{text} is not printed");
    }
    assert!(pdf.pages[0].contains("Board4") && !pdf.pages[0].contains("Board5"));
}

/// In a Mitchell every N-S pair stays at its table: the card names it once, in the title, and
/// each round's line names only the visitors; an arrow-switched round says they sit N-S. A
/// Howell's card names both pairs of every round.
#[test]
fn a_mitchell_table_card_names_its_north_south_pair_once() {
    let mut event = club_event(&names(14), MovementKind::Mitchell, 3);
    let movement = event.schedule.movement.clone().unwrap();
    let switched = scheduler::movement::arrow_switch(movement, &[7]).unwrap();
    event.schedule = scheduler::movement::schedule_of(&switched, &event.schedule.entrants).unwrap();
    let document = event_document(&event, &Results::new(), &options(&[SheetKind::Table])).unwrap();
    let SectionBody::Cards { cards } = &document.sections[0].body else {
        panic!("table cards are cards");
    };
    for (t, card) in cards.iter().enumerate() {
        let pair = format!("{} NS Pair{} Ames & Blake", t + 1, t + 1);
        assert_eq!(card.title, format!("Table {} · {pair}", t + 1));
        let labels: Vec<&str> = card.grid.columns.iter().map(|c| c.label.as_str()).collect();
        assert_eq!(labels, ["Round", "E-W pair", "Boards", "Boards go", "Pairs go"]);
        for row in &card.grid.rows[..6] {
            assert!(
                row[1].contains(" EW Pair") && !row[1].contains("sit N-S"),
                "{row:?}"
            );
        }
        assert_eq!(card.grid.rows[6][0], "7 ⇄");
        assert!(
            card.grid.rows[6][1].ends_with("(sit N-S)"),
            "{:?}",
            card.grid.rows[6]
        );
    }
    let howell = club_event(&names(8), MovementKind::Howell, 2);
    let document = event_document(&howell, &Results::new(), &options(&[SheetKind::Table])).unwrap();
    let SectionBody::Cards { cards } = &document.sections[0].body else {
        panic!("table cards are cards");
    };
    assert_eq!(cards[0].title, "Table 1");
    assert!(cards[0].grid.columns.iter().any(|c| c.label == "N-S"));
}

/// A half-table Mitchell (13 pairs): the N-S pair whose opponents are the phantom sits out a
/// round, and its card still names it once and says so on that round's line.
#[test]
fn a_half_table_mitchell_card_says_when_its_pair_sits_out() {
    let names = names(13);
    let roster = scheduler::model::Roster {
        players: names
            .iter()
            .enumerate()
            .map(|(i, n)| scheduler::model::Player::new(i as u32 + 1, n.clone()))
            .collect(),
    };
    let mut spec = scheduler::event::create::NewEvent::new("Club pairs", EventFormat::BridgePairs, roster);
    spec.options.boards_per_round = 3;
    spec.options.movement = Some(scheduler::event::create::MovementPlan {
        kind: MovementKind::Mitchell,
        phantom: None,
        arrow_switch: false,
    });
    let (event, _) =
        scheduler::event::create::build_event(&spec, &scheduler::solver::Control::unlimited()).unwrap();
    let document = event_document(&event, &Results::new(), &options(&[SheetKind::Table])).unwrap();
    let SectionBody::Cards { cards } = &document.sections[0].body else {
        panic!("table cards are cards");
    };
    let sits_out: Vec<&Vec<String>> = cards
        .iter()
        .flat_map(|c| &c.grid.rows)
        .filter(|r| r[1] == "no E-W pair: N-S sit out")
        .collect();
    assert_eq!(sits_out.len(), 7, "each N-S pair meets the phantom once");
    assert!(cards.iter().all(|c| c.title.contains(" NS ")));
}
