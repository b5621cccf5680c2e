//! The printed sheets of a club pairs evening checked as the director would: the table card
//! of a 7-table Mitchell says where its boards and E-W pairs go, every traveller has a row per
//! table that plays the board, the cards of a Howell agree with each other, an 8-table relay
//! Mitchell's summary explains the relay stand and the sharing, and bridge without a movement
//! says how many copies of each board it needs.

use crate::club_pairs::club_event;
use crate::sheets::{PdfPages, read_pdf};
use scheduler::event::club_pairs::{ScorecardSeat, TravellerRow, scorecards, travellers};
use scheduler::event::standings::standings;
use scheduler::event::{Artificial, BridgeResult, Event, ResultKey, ResultValue, Results};
use scheduler::model::Roster;
use scheduler::movement::MovementKind;
use scheduler::scoring::bridge::{Contract, Direction};
use scheduler::sheets::event_sheets::{event_document, event_sheets_pdf};
use scheduler::sheets::{
    Card, CardColumn, CardRound, PairCard, Paper, Scored, SectionBody, SheetDocument, SheetError, SheetKind,
    SheetOptions, document, event_pdf, schedule_pdf, sheet_document,
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

/// The score cards section: its columns and cards.
fn score_cards(document: &SheetDocument, section: usize) -> (&[CardColumn], &[PairCard]) {
    match &document.sections[section].body {
        SectionBody::Scorecards { columns, cards, .. } => (columns, cards),
        other => panic!("section {section} is not score cards: {other:?}"),
    }
}

/// The board numbers of a score card's round.
fn boards_of(round: &CardRound) -> Vec<&str> {
    round.boards.iter().map(|line| line[0].text.as_str()).collect()
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
    // N-S pair 3 stays at table 3 all evening: named once, in the title, not on every line.
    assert_eq!(card.title, "Table 3 · 3 NS Pair3 Smith & Jones");
    assert!(
        card.subtitle
            .as_deref()
            .unwrap()
            .contains("stay at this table all evening")
    );
    assert!(card.grid.columns.iter().all(|c| c.label != "N-S"));
    assert!(
        card.grid
            .rows
            .iter()
            .flatten()
            .all(|cell| !cell.contains("Pair3 Smith")),
        "the N-S pair is not repeated round by round"
    );
    assert_eq!(card.grid.rows.len(), 7, "a row per round");
    let first = &card.grid.rows[0];
    // Round 1 at table 3: E-W pair 3 visits, the third set (boards 7–9).
    assert_eq!(first[column(card, "E-W pair")], "3 EW Pair10 Smith & Jones");
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

    // A score card per pair: a line per board, the round's table and opponents spanning them.
    let (_, scores) = score_cards(&document, 2);
    assert_eq!(scores.len(), 14);
    let ew3 = scores.iter().find(|c| c.pair == "3 EW").unwrap();
    assert_eq!(ew3.names, "Pair10 Smith & Jones");
    assert_eq!(ew3.rounds.len(), 7);
    let first = &ew3.rounds[0];
    assert_eq!(
        [&first.round, &first.seat, &first.against, &first.names],
        ["1", "E-W", "T3 v 3 NS", "Pair3 Smith & Jones"]
    );
    assert_eq!(boards_of(first), ["7", "8", "9"]);
    assert_eq!(ew3.rounds[1].against, "T4 v 4 NS");
    assert_eq!(boards_of(&ew3.rounds[1])[0], "13");
    // Blank: boxes to write in, and a foot to total them.
    assert!(
        ew3.rounds
            .iter()
            .flat_map(|r| &r.boards)
            .all(|line| line.len() == 7 && line[1..].iter().all(|c| c.text.is_empty()))
    );
    assert_eq!(ew3.status, None);
    assert!(ew3.foot[0].starts_with("Total ____"), "{:?}", ew3.foot);
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
                    lead: None,
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
            scorecards: &[],
            teams: None,
            whist: &[],
        },
        &options(&[SheetKind::Travellers]),
    )
    .unwrap();
    let board1 = &cards(&document, 0)[0];
    // 4H by S making, 420 to N-S: a top of 6 on the halved scale; every 50 to E-W ties with
    // five others: 2½ each way.
    assert_eq!(
        board1.grid.rows[0][4..],
        ["4H", "S", "", "=", "420", "", "6", "0"]
    );
    assert_eq!(board1.grid.rows[1][4..], ["", "", "", "", "", "50", "2.5", "3.5"]);
    assert!(board1.footer[0].starts_with("Top 6"));
}

#[test]
fn bridge_without_a_movement_says_how_many_copies_of_each_board() {
    let options_whist = WhistOptions {
        rounds: None,
        directed: false,
        seed: 3,
        never_partner: Vec::new(),
        apart: Default::default(),
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
    // Travellers and score cards need a movement (bridge's: a whist drive's score cards are
    // the players' progressive cards); the summary needs bridge.
    for kind in [SheetKind::Travellers, SheetKind::ScoreCards] {
        let mut bridge = self::options(&[kind]);
        bridge.bridge_boards_per_round = Some(2);
        let error = sheet_document(&schedule, &[], &bridge).unwrap_err();
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
        "Score cards",
        "T3 v 3 NS",
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
                scorecards: &[],
                teams: None,
                whist: &[],
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

/// A result of a contract: `text` as "4S", declared by `by`, `tricks` taken.
fn played(text: &str, by: Direction, tricks: u8) -> BridgeResult {
    BridgeResult::contract(Contract::parse(text).unwrap(), by, tricks)
}

/// Every traveller line with the result `value(board, line)` gives it (`None`: left out).
fn results_of(event: &Event, value: impl Fn(u32, usize) -> Option<BridgeResult>) -> Results {
    let mut results = Results::new();
    for traveller in travellers(event, &Results::new()) {
        for (i, row) in traveller.rows.iter().enumerate() {
            if let Some(board) = value(traveller.board, i) {
                let key = ResultKey {
                    round: row.round,
                    table: row.table,
                    deal: traveller.board,
                };
                results.insert(key, ResultValue::Bridge { board });
            }
        }
    }
    results
}

/// A spread of ordinary results, so the pairs do not tie: made, down, no trumps, a score
/// alone, passed out.
fn varied(board: u32, line: usize) -> BridgeResult {
    match (board as usize + 2 * line) % 5 {
        0 => played("4S", Direction::North, 10),
        1 => played("4S", Direction::North, 9),
        2 => played("3NT", Direction::East, 9),
        3 => BridgeResult::NorthSouthScore { score: 140 },
        _ => BridgeResult::PassedOut,
    }
}

/// The score cards of `event` as printed on `paper`, read back. With `TOURNEY_SCORECARDS_DIR`
/// set, the PDF is also written there ("13-Mitchell-A4-84.pdf": pairs, movement, paper,
/// results), to look at the pages (`pdftoppm -png -r 60`), as for `docs/sheets/`.
fn score_cards_pdf(event: &Event, results: &Results, paper: Paper) -> PdfPages {
    let mut options = options(&[SheetKind::ScoreCards]);
    options.paper = paper;
    options.date = chrono::NaiveDate::from_ymd_opt(2026, 11, 30);
    let bytes = event_sheets_pdf(event, results, &options).unwrap();
    if let Ok(dir) = std::env::var("TOURNEY_SCORECARDS_DIR") {
        let kind = event.schedule.movement.as_ref().map_or("none", |m| m.kind.name());
        let name = format!(
            "{dir}/{}-{kind}-{paper:?}-{}.pdf",
            event.schedule.entrants.len(),
            results.len()
        );
        std::fs::write(name, &bytes).unwrap();
    }
    read_pdf(&bytes)
}

/// Thirteen pairs as a club's roster names them, short and long.
fn club_names() -> Vec<String> {
    [
        "Ann Archer & Bob Archer",
        "Aisha Khan & Tom Reilly",
        "Łukasz Żółć & Gökçe Şahin",
        "Mary O'Neill & Jo Pratt",
        "Bartholomew Fairweather & Henrietta Okonkwo-Smith",
        "Li Wei & Chen Jing",
        "Dev Patel & Erin Khan",
        "Grace Lee & Hal Moore",
        "Iris Novak & Jack Owens",
        "Kim Park & Leo Quinn",
        "Mia Rossi & Ned Stone",
        "Olga Trent & Paul Underwood",
        "Rosalind Vanderbilt & Sebastian Whitaker",
    ]
    .map(String::from)
    .to_vec()
}

/// Issue 40: 13 pairs' score cards on at most 4 pages, blank, half scored and scored, on A4
/// and on Letter, for a Mitchell of 4 boards a round and a Howell of 2; every pair's card is
/// there, with its names, under the page heading.
#[test]
fn thirteen_pairs_score_cards_fit_on_four_pages() {
    // A 7-table Mitchell with a half table, 28 boards: the E-W pairs play them all, the N-S
    // pairs 24 and sit out a round. A 7-table Howell of 13 rounds × 2 boards.
    for (kind, boards) in [(MovementKind::Mitchell, 4), (MovementKind::Howell, 2)] {
        let event = club_event(&club_names(), kind, boards);
        let half = results_of(&event, |board, line| (line < 3).then(|| varied(board, line)));
        let all = results_of(&event, |board, line| Some(varied(board, line)));
        for paper in [Paper::A4, Paper::Letter] {
            for (results, provisional) in [
                (Results::new(), false),
                (half.clone(), true),
                (all.clone(), false),
            ] {
                let pdf = score_cards_pdf(&event, &results, paper);
                assert!(
                    pdf.pages.len() <= 4,
                    "{kind:?} on {paper:?}: {} pages",
                    pdf.pages.len()
                );
                pdf.assert_headed("Club pairs");
                assert!(pdf.contains("30 November 2026"));
                for name in club_names() {
                    assert!(pdf.contains(&name), "{name} has no card");
                }
                assert_eq!(pdf.contains("PROVISIONAL"), provisional, "{kind:?} on {paper:?}");
                assert_eq!(
                    pdf.contains("no result yet"),
                    provisional,
                    "{kind:?} on {paper:?}"
                );
            }
        }
    }
}

/// The last three cells of a board line: score, matchpoints, percentage.
fn tail(line: Vec<String>) -> Vec<String> {
    line[line.len() - 3..].to_vec()
}

/// The figures on a board line as the test expects them from the traveller: the pair's
/// score with its sign, its matchpoints halved (as the travellers print them), the percentage.
fn expected_line(row: &TravellerRow, north_south: bool, top: f64) -> (String, String, String) {
    let score = row.score.map(|s| if north_south { s } else { -s });
    let score = match score {
        Some(s) if s > 0 => format!("+{s}"),
        Some(s) if s < 0 => format!("-{}", -s),
        Some(_) => "0".to_owned(),
        None => String::new(),
    };
    let Some((ns, ew)) = row.matchpoints else {
        return (score, String::new(), String::new());
    };
    let mp = if north_south { ns } else { ew };
    let half = mp / 2.0;
    let mp_text = if (half - half.round()).abs() < 1e-9 {
        format!("{half:.0}")
    } else {
        format!("{half:.1}")
    };
    let percent = format!("{:.1}", 100.0 * mp / top);
    let percent = percent.strip_suffix(".0").map_or(percent.clone(), str::to_owned);
    (score, mp_text, percent)
}

/// A small evening with known results: every line of every card says what its traveller
/// says, from the pair's side; the foot is the pair's line of the standings; the PDF prints it.
#[test]
fn score_cards_hold_the_travellers_and_the_standings_figures() {
    // 10 pairs, a 5-table Mitchell of 5 rounds × 2 boards; E-W pair 5 (pair 10) leaves after
    // round 3.
    let mut event = club_event(&names(10), MovementKind::Mitchell, 2);
    let movement = event.schedule.movement.clone().unwrap();
    let left = scheduler::movement::withdraw(movement, 10, 3).unwrap();
    event.schedule = scheduler::movement::schedule_of(&left, &event.schedule.entrants).unwrap();
    // The two sets the pair would have played in rounds 4 and 5 are played four times; the
    // others five.
    let plays = travellers(&event, &Results::new());
    let full: Vec<u32> = plays
        .iter()
        .filter(|t| t.rows.len() == 5)
        .map(|t| t.board)
        .collect();
    let short: Vec<u32> = plays
        .iter()
        .filter(|t| t.rows.len() == 4)
        .map(|t| t.board)
        .collect();
    assert_eq!((full.len(), short.len()), (6, 4));
    let (top_board, artificial_board, unplayed_board) = (full[0], full[1], full[2]);
    // `top_board`: 4H by S made at the first table, 50 to E-W everywhere else;
    // `artificial_board`: AVE+ to N-S and AVE− to E-W on its second line; `unplayed_board`
    // not played on its first line.
    let results = results_of(&event, |board, line| {
        Some(match (board, line) {
            (b, 0) if b == top_board => played("4H", Direction::South, 10),
            (b, _) if b == top_board => BridgeResult::NorthSouthScore { score: -50 },
            (b, 1) if b == artificial_board => BridgeResult::Artificial {
                ns: Artificial::AveragePlus,
                ew: Artificial::AverageMinus,
            },
            (b, 0) if b == unplayed_board => BridgeResult::NotPlayed,
            _ => varied(board, line),
        })
    });
    let scored = travellers(&event, &results);
    let document = event_document(&event, &results, &options(&[SheetKind::ScoreCards])).unwrap();
    let (columns, cards) = score_cards(&document, 0);
    let labels: Vec<&str> = columns.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "Rd",
            "Opponents",
            "Bd",
            "Contract",
            "By",
            "Tricks",
            "Score",
            "MP",
            "%"
        ]
    );
    assert_eq!(cards.len(), 10);
    let library = scorecards(&event, &results);
    let mut lines = 0;
    for (card, pair) in cards.iter().zip(&library) {
        assert_eq!(card.status, None, "every result is in: final, not provisional");
        for (round, seat) in card.rounds.iter().zip(&pair.rounds) {
            let ScorecardSeat::Table {
                table, north_south, ..
            } = &seat.seat
            else {
                continue;
            };
            for line in &round.boards {
                let board: u32 = line[0].text.parse().unwrap();
                let traveller = &scored[board as usize - 1];
                let row = traveller
                    .rows
                    .iter()
                    .find(|r| r.round == seat.round && r.table == *table)
                    .unwrap();
                assert!(
                    [row.ns, row.ew].contains(&pair.entrant),
                    "{} plays board {board}",
                    card.pair
                );
                let (score, mp, percent) = expected_line(row, *north_south, traveller.top);
                let cells: Vec<&str> = line.iter().map(|c| c.text.as_str()).collect();
                let n = cells.len();
                if row.result != Some(BridgeResult::NotPlayed)
                    && !matches!(row.result, Some(BridgeResult::Artificial { .. }))
                {
                    assert_eq!(cells[n - 3], score, "{} board {board}: {cells:?}", card.pair);
                }
                assert_eq!(
                    cells[n - 2].trim_end_matches('*'),
                    mp,
                    "{} board {board}",
                    card.pair
                );
                assert_eq!(cells[n - 1], percent, "{} board {board}", card.pair);
                lines += 1;
            }
        }
    }
    assert_eq!(
        lines,
        scored.iter().map(|t| 2 * t.rows.len()).sum::<usize>(),
        "every line, from both sides"
    );

    // `top_board` by hand: 420 beats the four −50s: a top of 4 (halved) to its N-S, 0 to E-W.
    let card = |label: &str| cards.iter().find(|c| c.pair == label).unwrap();
    let board_line = |label: &str, board: &str| {
        card(label)
            .rounds
            .iter()
            .flat_map(|r| &r.boards)
            .find(|line| line[0].text == board)
            .map(|line| line.iter().map(|c| c.text.clone()).collect::<Vec<_>>())
            .unwrap()
    };
    let traveller = |board: u32| &scored[board as usize - 1];
    let (b, first) = (top_board.to_string(), &traveller(top_board).rows[0]);
    assert_eq!(
        board_line(&cards[first.ns].pair, &b),
        [b.as_str(), "4H", "S", "=", "+420", "4", "100"]
    );
    assert_eq!(
        board_line(&cards[first.ew].pair, &b),
        [b.as_str(), "4H", "S", "=", "-420", "0", "0"]
    );
    // The −50s tie three ways each side of 420: 1.5 of 4 to N-S, 2.5 to E-W.
    let second = &traveller(top_board).rows[1];
    assert_eq!(
        tail(board_line(&cards[second.ns].pair, &b)),
        ["-50", "1.5", "37.5"]
    );
    assert_eq!(
        tail(board_line(&cards[second.ew].pair, &b)),
        ["+50", "2.5", "62.5"]
    );
    // The artificial score as the director gave it: AVE+ is 60 % of the top, AVE− 40 %.
    let (b, artificial) = (artificial_board.to_string(), &traveller(artificial_board).rows[1]);
    assert_eq!(
        board_line(&cards[artificial.ns].pair, &b)[1..],
        ["artificial score", "AVE+", "2.4", "60"]
    );
    assert_eq!(
        board_line(&cards[artificial.ew].pair, &b)[1..],
        ["artificial score", "AVE-", "1.6", "40"]
    );
    let (b, not_played) = (unplayed_board.to_string(), &traveller(unplayed_board).rows[0]);
    assert_eq!(
        board_line(&cards[not_played.ns].pair, &b)[1..],
        ["not played", "", ""]
    );
    // The boards played four times, not five: the pairs' matchpoints are factored.
    let (b, late) = (short[0].to_string(), &traveller(short[0]).rows[0]);
    let factored = board_line(&cards[late.ns].pair, &b);
    assert!(factored[5].ends_with('*'), "{factored:?}");
    assert!(cards[late.ns].foot.iter().any(|f| f.contains("factored")));

    // The pair that left, and the pairs it would have met.
    let gone = card("5 EW");
    for round in &gone.rounds[3..] {
        assert_eq!(
            round.note.as_deref(),
            Some("withdrawn: the pair left after round 3")
        );
    }
    let sitting: usize = cards
        .iter()
        .flat_map(|c| &c.rounds)
        .filter(|r| r.note.as_deref().is_some_and(|n| n.starts_with("sits out")))
        .count();
    assert_eq!(sitting, 2, "its opponents of rounds 4 and 5 sit out");

    // The foot is the pair's line of the standings: MP, top, %, place.
    let tables = standings(&event, &results);
    for card in cards {
        let (table, row) = tables
            .iter()
            .find_map(|t| t.rows.iter().find(|r| r[2] == card.names).map(|r| (t, r)))
            .unwrap();
        let field = if table.heading.as_deref() == Some("North-South") {
            "N-S"
        } else {
            "E-W"
        };
        let place = if table.rows.iter().filter(|r| r[6] == row[6]).count() > 1 {
            format!("{}=", row[0])
        } else {
            row[0].clone()
        };
        let total = format!(
            "Total {} MP of {} · {} % · place {place} of {} {field} pairs",
            row[4],
            row[5],
            row[6],
            table.rows.len()
        );
        assert_eq!(card.foot[0], total, "{}", card.names);
    }

    // The PDF prints the same: the totals, the withdrawal, the artificial score.
    let pdf = score_cards_pdf(&event, &results, Paper::A4);
    for card in cards {
        assert!(pdf.contains(&card.foot[0]), "{} is not printed", card.foot[0]);
    }
    assert!(pdf.contains("withdrawn: the pair left after round 3"));
    assert!(pdf.contains("AVE+") && pdf.contains("+420") && pdf.contains("-420"));
    assert!(pdf.pages.len() <= 3, "{} pages for 10 pairs", pdf.pages.len());
}

/// In an arrow-switched round the card says the pair sat the other way, as the travellers do.
#[test]
fn an_arrow_switched_round_is_on_the_card_the_other_way_round() {
    let mut event = club_event(&names(14), MovementKind::Mitchell, 3);
    let movement = event.schedule.movement.clone().unwrap();
    let switched = scheduler::movement::arrow_switch(movement, &[7]).unwrap();
    event.schedule = scheduler::movement::schedule_of(&switched, &event.schedule.entrants).unwrap();
    let document = event_document(&event, &Results::new(), &options(&[SheetKind::ScoreCards])).unwrap();
    let (_, cards) = score_cards(&document, 0);
    let ns1 = cards.iter().find(|c| c.pair == "1 NS").unwrap();
    let seats: Vec<&str> = ns1.rounds.iter().map(|r| r.seat.as_str()).collect();
    assert_eq!(seats, ["N-S", "N-S", "N-S", "N-S", "N-S", "N-S", "E-W"]);
    let last = &ns1.rounds[6];
    let traveller = travellers(&event, &Results::new());
    let board: u32 = last.boards[0][0].text.parse().unwrap();
    let row = traveller[board as usize - 1]
        .rows
        .iter()
        .find(|r| r.round == 7 && (r.ns == 0 || r.ew == 0))
        .unwrap();
    assert_eq!(row.ew, 0, "pair 1 NS sits E-W in round 7");
    assert_eq!(last.against, format!("T{} v {}", row.table, cards[row.ns].pair));
}
