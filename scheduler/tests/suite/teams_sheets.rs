//! Issue 45, step 4: a teams event's printed sheets. The round sheet, the match score cards
//! and the running ranking are read as data (every cell a person would check), then the PDF is
//! read back: the three must agree with each other and with the boards entered.

use super::sheets::read_pdf;
use super::teams_event::{board, enter_round, pair_next, swiss};
use scheduler::event::session::{Command, Session};
use scheduler::event::standings::standings;
use scheduler::event::teams::{TeamBoard, match_teams};
use scheduler::event::teams_results::{boards_table, matches_table};
use scheduler::event::{ResultKey, ResultValue};
use scheduler::scoring::bridge::imps;
use scheduler::sheets::event_sheets::{event_document, event_sheets_pdf, sheet_kinds, sheet_options};
use scheduler::sheets::{PairCard, SectionBody, SheetKind, SheetOptions};

/// The IMPs each team of a match won over its boards, added up here from the boards the test
/// entered (the IMP scale itself is tested on its own).
fn imps_won(home: usize, away: usize, deals: std::ops::RangeInclusive<u32>) -> (u32, u32) {
    let (mut won, mut lost) = (0, 0);
    for deal in deals {
        let net = match board(home, away, deal) {
            TeamBoard::Tables { table1_ns, table2_ns } => table1_ns - table2_ns,
            TeamBoard::Net { net } => net,
        };
        let swing = imps(net);
        if swing > 0 {
            won += swing.unsigned_abs();
        } else {
            lost += swing.unsigned_abs();
        }
    }
    (won, lost)
}

fn options(session: &Session, kinds: &[SheetKind]) -> SheetOptions {
    let mut options = sheet_options(session.event());
    options.kinds = kinds.to_vec();
    options
}

/// A 7-team Swiss in the file `name` (each test its own: they run side by side): round 1
/// entered, round 2 paired and only its first match's first two boards entered.
fn seven_teams(name: &str) -> Session {
    let path = super::common::scratch("teams", name);
    let mut session = Session::create(&path, &swiss(7, 3)).unwrap();
    enter_round(&mut session, 1);
    pair_next(&mut session);
    let event = session.event().clone();
    let first = event.schedule.round(2).unwrap().tables[0].clone();
    let (home, away) = match_teams(&first).unwrap();
    for deal in event.deals_of_round(2).take(2) {
        let key = ResultKey {
            round: 2,
            table: first.number,
            deal,
        };
        let value = ResultValue::Teams {
            board: board(home, away, deal),
        };
        session.apply(Command::SetResult(key, value)).unwrap();
    }
    session
}

#[test]
fn a_teams_event_prints_its_round_sheet_match_cards_and_running_ranking() {
    let session = seven_teams("sheets7.tourney");
    let event = session.event();
    let results = session.results();
    assert_eq!(sheet_kinds(event), [SheetKind::Round, SheetKind::MatchCards]);
    let kinds = [SheetKind::Round, SheetKind::MatchCards, SheetKind::Standings];
    let document = event_document(event, results, &options(&session, &kinds)).unwrap();
    let titles: Vec<&str> = document.sections.iter().map(|s| s.title.as_str()).collect();
    assert_eq!(titles, ["Round sheet", "Match score cards", "Standings"]);

    // The round sheet: each match with its two tables, its teams by name and number, and its
    // score once every board is in; the bye under the round.
    let SectionBody::Blocks { blocks } = &document.sections[0].body else {
        panic!("the round sheet is tables");
    };
    assert_eq!(blocks.len(), 2);
    assert_eq!(blocks[0].heading.as_deref(), Some("Round 1 · boards 1–4"));
    let round1 = event.schedule.round(1).unwrap();
    let mut round1_results = Vec::new();
    for (row, table) in blocks[0].grid.rows.iter().zip(&round1.tables) {
        let (home, away) = match_teams(table).unwrap();
        let (won, lost) = imps_won(home, away, 1..=4);
        let first = table.number * 2 - 1;
        assert_eq!(row[0], table.number.to_string());
        assert_eq!(row[1], format!("{first} & {}", first + 1));
        assert_eq!(row[2], format!("Player {} ({})", home + 1, home + 1));
        assert_eq!(row[3], format!("Player {} ({})", away + 1, away + 1));
        assert!(row[4].starts_with(&format!("IMPs {won}–{lost}, VPs ")), "{row:?}");
        round1_results.push((home, away, row[4].clone()));
    }
    assert_eq!(blocks[0].grid.rows.len(), 3);
    let note = blocks[0].note.as_deref().unwrap();
    assert!(note.starts_with("Bye: Player 7 (7)"), "{note}");
    // Round 2's first match is not complete: no score yet.
    assert_eq!(blocks[1].grid.rows[0][4], "");

    // The match cards: one per match of both rounds, a line per board.
    let SectionBody::Scorecards {
        across,
        lead,
        groups,
        columns,
        cards,
        ..
    } = &document.sections[1].body
    else {
        panic!("the match cards are score cards");
    };
    assert_eq!((*across, *lead, cards.len()), (1, false, 6));
    assert_eq!(groups.iter().map(|g| g.span).sum::<usize>(), columns.len());
    let card: &PairCard = &cards[0];
    let (home, away) = match_teams(&round1.tables[0]).unwrap();
    assert_eq!(card.pair, "Round 1, match 1");
    assert_eq!(
        card.names,
        format!(
            "Player {} ({}) v Player {} ({})",
            home + 1,
            home + 1,
            away + 1,
            away + 1
        )
    );
    let lines = &card.rounds[0].boards;
    assert_eq!(lines.len(), 4);
    for (line, deal) in lines.iter().zip(1u32..) {
        let text: Vec<&str> = line.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(text.len(), columns.len());
        assert_eq!(text[0], deal.to_string());
        let net = match board(home, away, deal) {
            TeamBoard::Tables { table1_ns, table2_ns } => {
                assert_eq!(
                    (text[5], text[9]),
                    (table1_ns.to_string().as_str(), table2_ns.to_string().as_str())
                );
                table1_ns - table2_ns
            }
            TeamBoard::Net { net } => {
                assert_eq!((text[5], text[9]), ("", ""));
                net
            }
        };
        let swing = imps(net);
        let expected_net = if net == 0 {
            "0".to_owned()
        } else {
            format!("{net:+}")
        };
        assert_eq!(text[10], expected_net);
        let (home_imps, away_imps) = match swing {
            s if s > 0 => (s.to_string(), String::new()),
            s if s < 0 => (String::new(), s.unsigned_abs().to_string()),
            _ => ("0".to_owned(), "0".to_owned()),
        };
        assert_eq!(
            (text[11], text[12]),
            (home_imps.as_str(), away_imps.as_str()),
            "board {deal}"
        );
    }
    // Board 1 is not vulnerable, board 2 N-S, board 3 E-W, board 4 both.
    let vul: Vec<&str> = lines.iter().map(|l| l[1].text.as_str()).collect();
    assert_eq!(vul, ["–", "NS", "EW", "All"]);
    let (won, lost) = imps_won(home, away, 1..=4);
    assert!(
        card.foot[0].starts_with(&format!(
            "Player {} {won} IMPs, Player {} {lost} IMPs · VPs ",
            home + 1,
            away + 1
        )),
        "{:?}",
        card.foot
    );
    // The incomplete match: its two boards filled, boxes for the rest and for the result.
    let open = &cards[3];
    assert_eq!(open.pair, "Round 2, match 1");
    let filled: Vec<bool> = open.rounds[0]
        .boards
        .iter()
        .map(|l| !l[10].text.is_empty())
        .collect();
    assert_eq!(filled, [true, true, false, false]);
    assert!(
        open.foot.iter().any(|l| l.starts_with("Captains")),
        "{:?}",
        open.foot
    );

    // The running ranking: a column per round; each team's cell is what its match card and the
    // round sheet say; the totals are the standings'.
    let SectionBody::Blocks { blocks } = &document.sections[2].body else {
        panic!("the ranking is a table");
    };
    let ranking = &blocks[0];
    assert_eq!(ranking.heading.as_deref(), Some("Ranking after round 1"));
    let heads: Vec<&str> = ranking.grid.columns.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(heads, ["Rank", "No.", "Team", "R1", "R2", "VPs", "Quotient"]);
    let row_of = |team: usize| {
        ranking
            .grid
            .rows
            .iter()
            .find(|r| r[1] == (team + 1).to_string())
            .unwrap()
            .clone()
    };
    for (home, away, result) in &round1_results {
        // "IMPs 9–4, VPs 13.01–6.99"
        let vps: Vec<&str> = result.rsplit("VPs ").next().unwrap().split('–').collect();
        assert_eq!(row_of(*home)[3], format!("{} ({})", vps[0], away + 1));
        assert_eq!(row_of(*away)[3], format!("{} ({})", vps[1], home + 1));
    }
    // The round-1 bye counts (its round is complete); round 2's bye is named, not yet valued.
    assert_eq!(row_of(6)[3], "12.00 (bye)");
    let round2_bye = event.schedule.round(2).unwrap().absent[0].entrant;
    assert_eq!(row_of(round2_bye)[4], "bye");
    let table = &standings(event, results)[0];
    for row in &table.rows {
        let ranked = ranking.grid.rows.iter().find(|r| r[2] == row[1]).unwrap();
        assert_eq!(
            (&ranked[0], &ranked[5]),
            (&row[0], &row[2]),
            "{} in both tables",
            row[1]
        );
    }

    // The matches' CSV table says what the round sheet says.
    let matches = matches_table(event, results).unwrap();
    assert_eq!(matches.rows.len(), 6);
    for (row, (home, away, result)) in matches.rows.iter().zip(&round1_results) {
        assert_eq!(
            (&row[3], &row[5]),
            (&(home + 1).to_string(), &(away + 1).to_string())
        );
        assert_eq!(row[7], "4 of 4");
        assert_eq!(
            result,
            &format!("IMPs {}–{}, VPs {}–{}", row[8], row[9], row[10], row[11])
        );
    }
    assert_eq!(matches.rows[3][7], "2 of 4");
    assert_eq!(boards_table(event, results).unwrap().rows.len(), 6 * 4);

    // The PDF says the same.
    let pdf = read_pdf(&event_sheets_pdf(event, results, &options(&session, &kinds)).unwrap());
    pdf.assert_headed("Swiss teams");
    for text in [
        "Round 1 · boards 1–4",
        "Round 2, match 1",
        "Ranking after round 1",
        "12.00 (bye)",
        &card.foot[0],
    ] {
        assert!(pdf.contains(text), "the PDF lacks {text:?}");
    }
}

#[test]
fn one_rounds_sheets_are_printed_on_their_own() {
    let session = seven_teams("one-round7.tourney");
    let mut chosen = options(&session, &[SheetKind::Round, SheetKind::MatchCards]);
    chosen.round = Some(2);
    let document = event_document(session.event(), session.results(), &chosen).unwrap();
    let SectionBody::Blocks { blocks } = &document.sections[0].body else {
        panic!("the round sheet is tables");
    };
    assert_eq!(blocks.len(), 1);
    assert!(blocks[0].heading.as_deref().unwrap().starts_with("Round 2"));
    let SectionBody::Scorecards { cards, .. } = &document.sections[1].body else {
        panic!("the match cards are score cards");
    };
    assert_eq!(cards.len(), 3);
    assert!(cards.iter().all(|c| c.pair.starts_with("Round 2,")));
    // Round 3 is not paired yet: said, not printed empty.
    chosen.round = Some(3);
    let refused = event_document(session.event(), session.results(), &chosen)
        .unwrap_err()
        .to_string();
    assert_eq!(refused, "there is no round 3: the event has rounds 1 to 2 paired");
}

#[test]
fn match_cards_are_refused_for_other_events() {
    let event = super::common::event(scheduler::event::create::EventFormat::WhistDrive, 12, |_| {});
    let mut chosen = sheet_options(&event);
    chosen.kinds = vec![SheetKind::MatchCards];
    let results = scheduler::event::Results::default();
    let refused = event_document(&event, &results, &chosen).unwrap_err().to_string();
    assert_eq!(
        refused,
        "match score cards are for teams-of-four and Swiss pairs events"
    );
    chosen.kinds = vec![SheetKind::Round];
    chosen.round = Some(1);
    let refused = event_document(&event, &results, &chosen).unwrap_err().to_string();
    assert!(
        refused.starts_with("a single round's sheets are printed for Swiss and teams events"),
        "{refused}"
    );
}
