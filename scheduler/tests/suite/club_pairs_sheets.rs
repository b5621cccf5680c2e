//! The printed sheets of a club pairs evening checked as the director would: the table card
//! of a 7-table Mitchell says where its boards and E-W pairs go, every traveller has a row per
//! table that plays the board, the cards of a Howell agree with each other, an 8-table relay
//! Mitchell's summary explains the relay stand and the sharing, and bridge without a movement
//! says how many copies of each board it needs.

use crate::club_pairs::club_event;
use crate::sheets::read_pdf;
use scheduler::event::club_pairs::travellers;
use scheduler::event::standings::standings;
use scheduler::event::{BridgeResult, Event, ResultKey, ResultValue, Results};
use scheduler::model::Roster;
use scheduler::movement::MovementKind;
use scheduler::scoring::bridge::{Contract, Direction};
use scheduler::sheets::{
    Card, Scored, SectionBody, SheetDocument, SheetError, SheetKind, SheetOptions, document, event_pdf,
    schedule_pdf, sheet_document,
};
use scheduler::solver::Control;
use scheduler::whist::{WhistOptions, whist_schedule};
use std::time::Duration;

fn names(pairs: usize) -> Vec<String> {
    (1..=pairs).map(|i| format!("Pair{i} Smith & Jones")).collect()
}

fn options(kinds: &[SheetKind]) -> SheetOptions {
    let mut options = SheetOptions::new("Club pairs");
    options.kinds = kinds.to_vec();
    options
}

fn compose(event: &Event, kinds: &[SheetKind]) -> SheetDocument {
    sheet_document(&event.schedule, &[], &options(kinds)).unwrap()
}

fn cards(document: &SheetDocument, section: usize) -> &[Card] {
    match &document.sections[section].body {
        SectionBody::Cards { cards } => cards,
        other => panic!("section {section} is not cards: {other:?}"),
    }
}

/// Every sentence of a summary's blocks, one string.
fn summary_text(document: &SheetDocument) -> String {
    match &document.sections[0].body {
        SectionBody::Blocks { blocks } => blocks
            .iter()
            .flat_map(|b| b.grid.rows.iter().flatten())
            .cloned()
            .collect::<Vec<_>>()
            .join("\n"),
        other => panic!("the summary is not blocks: {other:?}"),
    }
}

fn column(card: &Card, label: &str) -> usize {
    card.grid
        .columns
        .iter()
        .position(|c| c.label == label)
        .unwrap_or_else(|| panic!("no column {label}"))
}

#[test]
fn a_seven_table_mitchell_card_says_where_the_boards_and_the_ew_pairs_go() {
    let event = club_event(&names(14), MovementKind::Mitchell, 3);
    let document = compose(
        &event,
        &[SheetKind::Table, SheetKind::Travellers, SheetKind::ScoreCards],
    );
    let tables = cards(&document, 0);
    assert_eq!(tables.len(), 7);
    let card = &tables[2];
    assert_eq!(card.title, "Table 3");
    assert_eq!(card.grid.rows.len(), 7, "a row per round");
    let first = &card.grid.rows[0];
    // Round 1 at table 3: N-S pair 3, E-W pair 3, the third set (boards 7–9).
    assert_eq!(first[column(card, "N-S")], "3 NS Pair3 Smith & Jones");
    assert_eq!(first[column(card, "E-W")], "3 EW Pair10 Smith & Jones");
    assert_eq!(first[column(card, "Boards")], "7–9");
    // Boards move down one table, E-W up one.
    assert_eq!(first[column(card, "Boards go")], "to table 2");
    assert_eq!(first[column(card, "Pairs go")], "E-W to table 4");
    // From table 7 the E-W pair goes round to table 1.
    assert_eq!(tables[6].grid.rows[0][column(card, "Pairs go")], "E-W to table 1");
    assert_eq!(tables[0].grid.rows[0][column(card, "Boards go")], "to table 7");
    assert_eq!(card.grid.rows[6][column(card, "Boards go")], "end of play");

    // 21 travellers of 7 rows, in the order of play (rounds 1..7).
    let travellers = cards(&document, 1);
    assert_eq!(travellers.len(), 21);
    for traveller in travellers {
        assert_eq!(traveller.grid.rows.len(), 7, "{}", traveller.title);
        let rounds: Vec<&str> = traveller.grid.rows.iter().map(|r| r[0].as_str()).collect();
        assert_eq!(rounds, ["1", "2", "3", "4", "5", "6", "7"]);
    }
    // Board 8 (set 3) starts at table 3, then table 2; dealer W, E-W vulnerable.
    let board8 = &travellers[7];
    assert_eq!(board8.title, "Board 8");
    assert!(board8.subtitle.as_deref().unwrap().contains("Dealer West"));
    assert!(board8.subtitle.as_deref().unwrap().contains("Vulnerable: None"));
    assert_eq!(board8.grid.rows[0][1..4], ["3", "3 NS", "3 EW"]);
    assert_eq!(board8.grid.rows[1][1..4], ["2", "2 NS", "1 EW"]);
    assert!(
        board8
            .grid
            .rows
            .iter()
            .all(|r| r[4..].iter().all(String::is_empty)),
        "blank"
    );

    // A score card per pair: a row per board, the opponents on the round's first row.
    let scores = cards(&document, 2);
    assert_eq!(scores.len(), 14);
    let ew3 = scores.iter().find(|c| c.title.starts_with("3 EW")).unwrap();
    assert_eq!(ew3.grid.rows.len(), 21);
    assert_eq!(
        ew3.grid.rows[0][..5],
        ["1", "3", "E-W", "3 NS Pair3 Smith & Jones", "7"]
    );
    assert_eq!(
        ew3.grid.rows[3][..5],
        ["2", "4", "E-W", "4 NS Pair4 Smith & Jones", "13"]
    );
}

#[test]
fn a_four_table_howell_card_agrees_with_the_card_of_the_next_table() {
    let event = club_event(&names(8), MovementKind::Howell, 2);
    let movement = event.schedule.movement.clone().unwrap();
    let document = compose(&event, &[SheetKind::Table, SheetKind::Travellers]);
    let tables = cards(&document, 0);
    assert_eq!(tables.len(), 4);
    let rounds = movement.rounds.len();
    let (ns_col, ew_col, go_col) = (
        column(&tables[0], "N-S"),
        column(&tables[0], "E-W"),
        column(&tables[0], "Pairs go"),
    );
    let mut moves = 0;
    for card in tables {
        for (r, row) in card.grid.rows.iter().enumerate().take(rounds - 1) {
            for (who, col) in [("N-S", ns_col), ("E-W", ew_col)] {
                // "E-W to table 2, sit N-S": the pair is on table 2's card next round.
                let Some(text) = row[go_col].split("; ").find(|m| m.starts_with(who)) else {
                    continue;
                };
                moves += 1;
                let rest = text.trim_start_matches(who).trim_start_matches(" to table ");
                let (table, seat) = match rest.split_once(", sit ") {
                    Some((t, s)) => (t, s),
                    None => (rest, who),
                };
                let next = &tables[table.parse::<usize>().unwrap() - 1].grid.rows[r + 1];
                let seat_col = if seat == "N-S" { ns_col } else { ew_col };
                assert_eq!(next[seat_col], row[col], "{} round {}: {text}", card.title, r + 1);
            }
        }
    }
    assert!(moves >= 4 * (rounds - 1), "in a Howell most pairs move: {moves}");
    // Every board of the 7 sets is played at 4 tables.
    let travellers = cards(&document, 1);
    assert_eq!(travellers.len(), movement.sets * 2);
    for traveller in travellers {
        assert_eq!(traveller.grid.rows.len(), 4, "{}", traveller.title);
    }
}

#[test]
fn an_eight_table_relay_mitchell_explains_the_relay_stand_and_the_sharing() {
    let event = club_event(&names(16), MovementKind::RelayMitchell, 3);
    let document = compose(&event, &[SheetKind::MovementSummary, SheetKind::Table]);
    let text = summary_text(&document);
    assert!(
        text.contains("Tables 1 and 8 share boards every round: put the boards between them"),
        "{text}"
    );
    assert!(
        text.contains("A relay stand between tables 4 and 5 holds one set each round"),
        "{text}"
    );
    assert!(text.contains("One copy of each board"), "{text}");
    assert!(text.contains("share-and-relay Mitchell"));
    let tables = cards(&document, 1);
    let go = column(&tables[0], "Boards go");
    assert!(tables[4].grid.rows[0][go] == "to the relay stand");
    let boards = column(&tables[0], "Boards");
    assert!(tables[0].grid.rows[0][boards].ends_with("share with table 8"));
    assert!(tables[7].grid.rows[0][boards].ends_with("share with table 1"));
    assert!(
        tables[0]
            .footer
            .iter()
            .any(|f| f.contains("shares its boards with table 8"))
    );
}

#[test]
fn a_traveller_is_filled_from_the_results_with_halved_matchpoints() {
    let event = club_event(&names(14), MovementKind::Mitchell, 1);
    let mut results = Results::new();
    for t in travellers(&event, &Results::new())
        .iter()
        .filter(|t| t.board == 1)
    {
        for (i, row) in t.rows.iter().enumerate() {
            let value = if i == 0 {
                BridgeResult::Contract {
                    contract: Contract::parse("4H").unwrap(),
                    declarer: Direction::South,
                    tricks: 10,
                }
            } else {
                BridgeResult::NorthSouthScore { score: -50 }
            };
            let key = ResultKey {
                round: row.round,
                table: row.table,
                deal: 1,
            };
            results.insert(key, ResultValue::Bridge { board: value });
        }
    }
    let scored = travellers(&event, &results);
    let document = document(
        &event.schedule,
        &Scored {
            standings: &[],
            travellers: &scored,
            hand_records: &[],
        },
        &options(&[SheetKind::Travellers]),
    )
    .unwrap();
    let board1 = &cards(&document, 0)[0];
    // 4H by S making, 420 to N-S: a top of 6 on the halved scale; every 50 to E-W ties with
    // five others: 2½ each way.
    assert_eq!(board1.grid.rows[0][4..], ["4H", "S", "=", "420", "", "6", "0"]);
    assert_eq!(board1.grid.rows[1][4..], ["", "", "", "", "50", "2.5", "3.5"]);
    assert!(board1.footer[0].starts_with("Top 6"));
}

#[test]
fn bridge_without_a_movement_says_how_many_copies_of_each_board() {
    let options_whist = WhistOptions {
        rounds: None,
        directed: false,
        seed: 3,
        never_partner: Vec::new(),
    };
    let control = Control::with_counted_time(Duration::from_secs(20));
    let (schedule, _) = whist_schedule(&Roster::numbered(16), &options_whist, &control).unwrap();
    let mut options = options(&[SheetKind::MovementSummary, SheetKind::Round]);
    options.bridge_boards_per_round = Some(2);
    let document = sheet_document(&schedule, &[], &options).unwrap();
    let text = summary_text(&document);
    assert!(
        text.contains("make 4 copies of each board, one for each table"),
        "{text}"
    );
    match &document.sections[1].body {
        SectionBody::Blocks { blocks } => {
            let note = blocks[1].note.as_deref().unwrap_or_default();
            assert!(
                note.contains("Boards 3–4 at all 4 tables: 4 copies of each"),
                "{note}"
            );
        }
        other => panic!("{other:?}"),
    }
    // Travellers and score cards need a movement; the summary needs bridge.
    for kind in [SheetKind::Travellers, SheetKind::ScoreCards] {
        let error = sheet_document(&schedule, &[], &self::options(&[kind])).unwrap_err();
        assert!(
            matches!(&error, SheetError::Options(s) if s.contains("boards move")),
            "{error}"
        );
    }
    assert!(sheet_document(&schedule, &[], &self::options(&[SheetKind::MovementSummary])).is_err());
}

#[test]
fn the_club_pairs_pdf_prints_every_sheet_and_both_rankings() {
    let event = club_event(&names(14), MovementKind::Mitchell, 3);
    let pdf = read_pdf(&schedule_pdf(&event.schedule, &[], &options(&SheetKind::CLUB_PAIRS_KINDS)).unwrap());
    pdf.assert_headed("Club pairs");
    for text in [
        "Movement summary",
        "Before round 1 put boards 1–3 on table 1",
        "Table 7",
        "E-W to table 4",
        "Board 21",
        "Dealer North",
        "Pair14 Smith & Jones",
        "personal score card",
    ] {
        assert!(pdf.contains(text), "{text} is not printed");
    }
    // Each table card and each traveller whole: 7 cards fit in a few pages, not one a page.
    assert!(pdf.pages.len() < 30, "{} pages", pdf.pages.len());

    // A plain Mitchell ranks N-S and E-W apart, each table under its heading.
    let mut results = Results::new();
    for t in travellers(&event, &Results::new()) {
        for row in &t.rows {
            let key = ResultKey {
                round: row.round,
                table: row.table,
                deal: t.board,
            };
            let score = if row.ns % 3 == 0 { 110 } else { -100 };
            results.insert(
                key,
                ResultValue::Bridge {
                    board: BridgeResult::NorthSouthScore { score },
                },
            );
        }
    }
    let tables = standings(&event, &results);
    let scored = travellers(&event, &results);
    let pdf = read_pdf(
        &event_pdf(
            &event.schedule,
            &Scored {
                standings: &tables,
                travellers: &scored,
                hand_records: &[],
            },
            &options(&[SheetKind::Standings, SheetKind::Travellers]),
        )
        .unwrap(),
    );
    assert!(pdf.contains("North-South") && pdf.contains("East-West"));
    assert!(pdf.contains("Pair1 Smith & Jones") && pdf.contains("Pair8 Smith & Jones"));
    assert!(pdf.contains("110"), "the filled travellers print the scores");
}

#[test]
fn attached_hand_records_are_printed_under_their_travellers() {
    let mut event = club_event(&names(14), MovementKind::Mitchell, 4);
    let dealt = scheduler::deals::random_boards(11, 28, "Club pairs", "", "");
    for board in &dealt {
        event
            .settings
            .deals
            .insert(board.number, board.deal.pbn(scheduler::deals::Direction::North));
    }
    assert_eq!(event.hand_records().len(), 28);
    let document = scheduler::sheets::event_sheets::event_document(
        &event,
        &Results::new(),
        &options(&[SheetKind::Travellers]),
    )
    .unwrap();
    let travellers = cards(&document, 0);
    assert_eq!(travellers.len(), 28);
    for (card, board) in travellers.iter().zip(&dealt) {
        let lines: Vec<&String> = card.footer.iter().skip(1).collect();
        assert_eq!(lines.len(), 4, "{:?}", card.footer);
        for (line, seat) in lines.iter().zip(["North", "East", "South", "West"]) {
            assert!(line.starts_with(seat), "{line}");
            // Thirteen cards in every hand line, as dealt.
            let ranks = line
                .split_whitespace()
                .skip(1)
                .filter(|w| !["♠", "♥", "♦", "♣", "—"].contains(w))
                .map(|w| w.chars().count())
                .sum::<usize>();
            assert_eq!(ranks, 13, "{line}");
        }
        let north = board.deal.hand(scheduler::deals::Direction::North);
        assert!(
            lines[0].contains(&format!("♠ {}", north.suit_text(scheduler::deals::Suit::Spades)))
                || north.suit_text(scheduler::deals::Suit::Spades).is_empty()
        );
    }
    // Without hand records the traveller has only its matchpoint line.
    let plain = compose(
        &club_event(&names(14), MovementKind::Mitchell, 4),
        &[SheetKind::Travellers],
    );
    assert_eq!(cards(&plain, 0)[0].footer.len(), 1);
}
