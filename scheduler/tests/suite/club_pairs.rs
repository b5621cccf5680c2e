//! Club pairs evenings where the boards move, scored by hand: a 9-table Mitchell (two winners,
//! a board not played at one table and factored by Neuberg, an AVE+/AVE− table) and a
//! 4-table Howell (one winner). Every figure asserted here was worked out on paper from the
//! scores entered, as the comments show; the matchpoint scale is 2 per score beaten, 1 per
//! tie (shown halved in the standings, as the EBU prints them).

use scheduler::event::club_pairs::{locate_traveller_line, travellers};
use scheduler::event::create::{EventFormat, MovementPlan, NewEvent, build_event};
use scheduler::event::standings::standings;
use scheduler::event::usebio::usebio_xml;
use scheduler::event::{Artificial, BridgeResult, Event, ResultValue, Results};
use scheduler::model::{Player, Roster};
use scheduler::movement::MovementKind;
use scheduler::solver::Control;
use scheduler::verify::verify;

pub(crate) fn club_event(names: &[String], kind: MovementKind, boards_per_round: u32) -> Event {
    let roster = Roster {
        players: names
            .iter()
            .enumerate()
            .map(|(i, n)| Player::new(i as u32 + 1, n.clone()))
            .collect(),
    };
    let mut spec = NewEvent::new("Club pairs", EventFormat::BridgePairs, roster);
    spec.options.boards_per_round = boards_per_round;
    spec.options.movement = Some(MovementPlan {
        kind,
        phantom: None,
        arrow_switch: false,
    });
    let (event, _) = build_event(&spec, &Control::unlimited()).unwrap();
    assert!(
        verify(&event.schedule).is_valid(),
        "{:?}",
        verify(&event.schedule)
    );
    event
}

fn board(result: BridgeResult) -> ResultValue {
    ResultValue::Bridge { board: result }
}

fn score(ns: i32) -> ResultValue {
    board(BridgeResult::NorthSouthScore { score: ns })
}

/// Every result entered for every board of the evening: `special(board, row)` for the rows
/// it knows, passed out (0) otherwise. Rows are the traveller's, N-S pair identified.
fn enter_all(event: &Event, special: impl Fn(u32, usize) -> Option<ResultValue>) -> Results {
    let mut results = Results::new();
    for traveller in travellers(event, &Results::new()) {
        for row in &traveller.rows {
            let value = special(traveller.board, row.ns).unwrap_or(board(BridgeResult::PassedOut));
            // Entered as from the traveller: board, N-S pair, E-W pair.
            let movement = event.schedule.movement.as_ref().unwrap();
            let ns = movement.label(row.ns + 1);
            let ew = movement.label(row.ew + 1);
            let key = locate_traveller_line(event, traveller.board, &ns, &ew).unwrap();
            assert_eq!((key.round, key.table), (row.round, row.table));
            event.check_result(key, &value).unwrap();
            results.insert(key, value);
        }
    }
    results
}

/// (rank, name, MP, %) of each row of a standings table.
fn table_rows(table: &scheduler::sheets::StandingsTable) -> Vec<(String, String, String, String)> {
    let col = |name: &str| table.columns.iter().position(|c| c == name).unwrap();
    table
        .rows
        .iter()
        .map(|r| {
            (
                r[col("Rank")].clone(),
                r[col("Pair")].clone(),
                r[col("MP")].clone(),
                r[col("%")].clone(),
            )
        })
        .collect()
}

#[test]
fn nine_table_mitchell_scored_by_hand() {
    // Pairs 1–9 sit N-S (roster rows 1–9), 10–18 are E-W pairs 1–9.
    let names: Vec<String> = (1..=9)
        .map(|i| format!("North {i}"))
        .chain((1..=9).map(|i| format!("East {i}")))
        .collect();
    let event = club_event(&names, MovementKind::Mitchell, 3);
    let movement = event.schedule.movement.as_ref().unwrap();
    assert_eq!((movement.tables, movement.rounds.len(), movement.sets), (9, 9, 9));
    // Board 1: N-S pair t scores 620, except 3 (650), 4 (170), 5 (−100).
    // Board 2: 100, except N-S 1 (−200); at N-S 9's table it was not played.
    // Board 3: AVE+ to N-S 5 (AVE− to its opponents); every other table passed it out.
    // Every other board passed out everywhere.
    let results = enter_all(&event, |b, ns| {
        let t = ns + 1; // N-S pair number
        match (b, t) {
            (1, 3) => Some(score(650)),
            (1, 4) => Some(score(170)),
            (1, 5) => Some(score(-100)),
            (1, _) => Some(score(620)),
            (2, 1) => Some(score(-200)),
            (2, 9) => Some(board(BridgeResult::NotPlayed)),
            (2, _) => Some(score(100)),
            (3, 5) => Some(board(BridgeResult::Artificial {
                ns: Artificial::AveragePlus,
                ew: Artificial::AverageMinus,
            })),
            _ => None,
        }
    });
    // By hand, top 16 (9 plays a board):
    // board 1: 650 → 16; the six 620s beat two and tie five → 9; 170 → 2; −100 → 0.
    // board 2: 8 scores compared (top 14): −200 → 0; each 100 beats one (2) and ties six
    //   (6) → 8. Factored to 9 plays: (0+1)·9/8 − 1 = 0.125 and (8+1)·9/8 − 1 = 9.125.
    // board 3: AVE+ = 60 % of 16 = 9.6 (AVE− 6.4); the eight passes tie: 7 → (7+1)·9/8 − 1 = 8.
    // The other 24 boards: 8 each. So, of 27 × 16 = 432 (N-S 9: 26 boards, 416):
    //   N-S 1: 9 + 0.125 + 8 + 192 = 209.125 → 48.41 %
    //   N-S 2, 6, 7, 8: 9 + 9.125 + 8 + 192 = 218.125 → 50.49 %
    //   N-S 3: 16 + 9.125 + 8 + 192 = 225.125 → 52.11 %
    //   N-S 4: 2 + 9.125 + 8 + 192 = 211.125 → 48.87 %
    //   N-S 5: 0 + 9.125 + 9.6 + 192 = 210.725 → 48.78 %
    //   N-S 9: 9 + 8 + 192 = 209 of 416 → 50.24 %
    let tables = standings(&event, &results);
    assert_eq!(tables.len(), 2, "a Mitchell without arrow switch has two winners");
    assert_eq!(tables[0].heading.as_deref(), Some("North-South"));
    let ns = table_rows(&tables[0]);
    let expect = |rank: &str, name: &str, mp: f64, pct: &str| {
        (
            rank.to_string(),
            name.to_string(),
            format!("{:.1}", mp / 2.0),
            pct.to_string(),
        )
    };
    assert_eq!(
        ns,
        vec![
            expect("1", "North 3", 225.125, "52.11"),
            // A shared place is written "2=".
            expect("2=", "North 2", 218.125, "50.49"),
            expect("2=", "North 6", 218.125, "50.49"),
            expect("2=", "North 7", 218.125, "50.49"),
            expect("2=", "North 8", 218.125, "50.49"),
            expect("6", "North 9", 209.0, "50.24"),
            expect("7", "North 4", 211.125, "48.87"),
            expect("8", "North 5", 210.725, "48.78"),
            expect("9", "North 1", 209.125, "48.41"),
        ]
    );
    // E-W: boards 1–3 are one set, so each N-S pair's opponent on board 1 is its opponent on
    // boards 2 and 3 too, and scores 16 minus the N-S figure on each:
    //   opp. of N-S 1: 7 + 15.875 + 8 + 192 = 222.875 → 51.59 %
    //   opp. of 2, 6, 7, 8: 7 + 6.875 + 8 + 192 = 213.875 → 49.51 %
    //   opp. of 3: 0 + 6.875 + 8 + 192 = 206.875 → 47.89 %
    //   opp. of 4: 14 + 6.875 + 8 + 192 = 220.875 → 51.13 %
    //   opp. of 5: 16 + 6.875 + 6.4 + 192 = 221.275 → 51.22 %
    //   opp. of 9: 7 + 8 + 192 = 207 of 416 → 49.76 %
    let board_one = &travellers(&event, &results)[0];
    let opponent = |t: usize| {
        let row = board_one.rows.iter().find(|r| r.ns == t - 1).unwrap();
        event.schedule.entrants[row.ew].clone()
    };
    assert_eq!(tables[1].heading.as_deref(), Some("East-West"));
    let ew = table_rows(&tables[1]);
    let mut tied: Vec<(String, String, String, String)> = [2, 6, 7, 8]
        .iter()
        .map(|&t| expect("5=", &opponent(t), 213.875, "49.51"))
        .collect();
    tied.sort_by_key(|row| names.iter().position(|n| *n == row.1));
    let mut wanted = vec![
        expect("1", &opponent(1), 222.875, "51.59"),
        expect("2", &opponent(5), 221.275, "51.22"),
        expect("3", &opponent(4), 220.875, "51.13"),
        expect("4", &opponent(9), 207.0, "49.76"),
    ];
    wanted.extend(tied);
    wanted.push(expect("9", &opponent(3), 206.875, "47.89"));
    assert_eq!(ew, wanted);
}

#[test]
fn four_table_howell_scored_by_hand() {
    let names: Vec<String> = (1..=8).map(|i| format!("Pair {i}")).collect();
    let event = club_event(&names, MovementKind::Howell, 3);
    let movement = event.schedule.movement.as_ref().unwrap();
    assert_eq!((movement.tables, movement.rounds.len()), (4, 7));
    // Boards 1 and 2 (one set) are played at four tables, in the traveller's row order:
    // board 1: 420, 450, 420, −50; board 2: AVE+ (N-S) / AVE− (E-W) on the fourth row, passed
    // out on the other three. Every other board passed out.
    let rows: Vec<usize> = travellers(&event, &Results::new())[0]
        .rows
        .iter()
        .map(|r| r.ns)
        .collect();
    assert_eq!(rows.len(), 4);
    let results = enter_all(&event, |b, ns| {
        let i = rows.iter().position(|&r| r == ns)?;
        match (b, i) {
            (1, 0 | 2) => Some(score(420)),
            (1, 1) => Some(score(450)),
            (1, 3) => Some(score(-50)),
            (2, 3) => Some(board(BridgeResult::Artificial {
                ns: Artificial::AveragePlus,
                ew: Artificial::AverageMinus,
            })),
            _ => None,
        }
    });
    // By hand, top 6, 21 boards (126 a pair), 3 a board when passed out everywhere:
    // board 1: 450 → 6 (E-W 0); the 420s beat one and tie one → 3; −50 → 0 (E-W 6).
    // board 2: AVE+ 3.6 / AVE− 2.4; the three passes tie (2) → (2+1)·4/3 − 1 = 3.
    //   row 2 N-S: 63 + 3 = 66 → 52.38 %; its E-W: 60 → 47.62 %
    //   row 4 N-S: 63 − 3 + 0.6 = 60.6 → 48.10 %; its E-W: 63 + 3 − 0.6 = 65.4 → 51.90 %
    //   rows 1 and 3, both sides: 63 → 50.00 %
    let tables = standings(&event, &results);
    assert_eq!(tables.len(), 1, "a Howell has one winner");
    let travel = &travellers(&event, &results)[0];
    let pair = |i: usize, ns: bool| {
        let row = &travel.rows[i];
        event.schedule.entrants[if ns { row.ns } else { row.ew }].clone()
    };
    let got = table_rows(&tables[0]);
    let row = |rank: &str, name: String, mp: f64, pct: &str| {
        (
            rank.to_string(),
            name,
            format!("{:.1}", mp / 2.0),
            pct.to_string(),
        )
    };
    assert_eq!(got[0], row("1", pair(1, true), 66.0, "52.38"));
    assert_eq!(got[1], row("2", pair(3, false), 65.4, "51.90"));
    let mut middle: Vec<String> = got[2..6].iter().map(|r| r.1.clone()).collect();
    middle.sort();
    let mut expected_middle = vec![pair(0, true), pair(0, false), pair(2, true), pair(2, false)];
    expected_middle.sort();
    assert_eq!(middle, expected_middle);
    assert!(got[2..6].iter().all(|r| r.0 == "3=" && r.3 == "50.00"), "{got:?}");
    assert_eq!(got[6], row("7", pair(3, true), 60.6, "48.10"));
    assert_eq!(got[7], row("8", pair(1, false), 60.0, "47.62"));
}

#[test]
fn the_usebio_export_is_well_formed_and_carries_the_scores() {
    let names: Vec<String> = (1..=9)
        .map(|i| format!("North {i} & Partner"))
        .chain((1..=9).map(|i| format!("East <{i}> & Co")))
        .collect();
    let mut event = club_event(&names, MovementKind::Mitchell, 3);
    event.settings.club = Some("Riverside & District BC".into());
    event.settings.club_id = Some("0471".into());
    event.settings.date = Some("2026-11-25".into());
    // Board 3: 4S made at every table (a flat board, so the ranking is as without it), two
    // of them with the lead written down.
    let four_spades = |lead: Option<&str>| {
        board(BridgeResult::Contract {
            contract: scheduler::scoring::bridge::Contract::parse("4S").unwrap(),
            declarer: scheduler::scoring::bridge::Direction::North,
            tricks: 10,
            lead: lead.map(|l| scheduler::scoring::bridge::parse_card(l).unwrap()),
        })
    };
    let results = enter_all(&event, |b, ns| match (b, ns + 1) {
        (3, 2) => Some(four_spades(Some("♥Q"))),
        (3, 4) => Some(four_spades(Some("10s"))),
        (3, _) => Some(four_spades(None)),
        (1, 3) => Some(score(650)),
        (1, 9) => Some(board(BridgeResult::NotPlayed)),
        (1, _) => Some(score(620)),
        (2, 5) => Some(board(BridgeResult::Artificial {
            ns: Artificial::AveragePlus,
            ew: Artificial::AverageMinus,
        })),
        _ => None,
    });
    let xml = usebio_xml(&event, &results, "0.1.0").unwrap();
    let doc = roxmltree::Document::parse_with_options(
        &xml,
        roxmltree::ParsingOptions {
            allow_dtd: true,
            ..Default::default()
        },
    )
    .unwrap_or_else(|e| panic!("not well-formed XML: {e}\n{xml}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "USEBIO");
    assert_eq!(root.attribute("Version"), Some("1.2"));
    assert_eq!(text(child(root, "CLUB"), "CLUB_NAME"), "Riverside & District BC");
    // The club's number with its national body, leading zero kept.
    assert_eq!(text(child(root, "CLUB"), "CLUB_ID_NUMBER"), "0471");
    let ev = child(root, "EVENT");
    assert_eq!(ev.attribute("EVENT_TYPE"), Some("MP_PAIRS"));
    for required in [
        "PROGRAM_NAME",
        "EVENT_DESCRIPTION",
        "DATE",
        "BOARD_SCORING_METHOD",
        "WINNER_TYPE",
        "BOARDS_PLAYED",
        "SESSION_COUNT",
        "SECTION_COUNT",
        "SESSION",
    ] {
        child(ev, required);
    }
    assert_eq!(text(ev, "DATE"), "25/11/2026");
    assert_eq!(text(ev, "WINNER_TYPE"), "2");
    assert_eq!(
        (text(ev, "SESSION_COUNT"), text(ev, "SECTION_COUNT")),
        ("1".into(), "1".into())
    );
    // One session of one section holds the pairs and the boards; nothing of them is left
    // directly under EVENT.
    let sessions: Vec<_> = ev.children().filter(|c| c.has_tag_name("SESSION")).collect();
    assert_eq!(sessions.len(), 1);
    assert_eq!(sessions[0].attribute("SESSION_ID"), Some("1"));
    let sections: Vec<_> = sessions[0]
        .children()
        .filter(|c| c.has_tag_name("SECTION"))
        .collect();
    assert_eq!(sections.len(), 1);
    assert_eq!(sections[0].attribute("SECTION_ID"), Some("A"));
    assert!(
        !ev.children()
            .any(|c| c.has_tag_name("PARTICIPANTS") || c.has_tag_name("BOARD"))
    );
    let sec = section(ev);
    let pairs: Vec<_> = child(sec, "PARTICIPANTS")
        .children()
        .filter(|c| c.is_element())
        .collect();
    assert_eq!(pairs.len(), 18);
    // N-S 3 (650 on board 1: 16 of 16 against seven 620s... one fewer: board 1 played 8
    // times) leads the N-S field; its players are split from the pair's name.
    let first = pairs[0];
    assert_eq!(text(first, "DIRECTION"), "NS");
    assert_eq!(text(first, "PAIR_NUMBER"), "3");
    assert_eq!(text(first, "PLACE"), "1");
    let players: Vec<String> = first
        .children()
        .filter(|c| c.tag_name().name() == "PLAYER")
        .map(|p| text(p, "PLAYER_NAME"))
        .collect();
    assert_eq!(players, vec!["North 3", "Partner"]);
    // The E-W names with markup characters come back as written.
    assert!(pairs.iter().any(|p| {
        p.children()
            .any(|c| c.tag_name().name() == "PLAYER" && text(c, "PLAYER_NAME") == "East <4>")
    }));
    let boards: Vec<_> = sec
        .children()
        .filter(|c| c.tag_name().name() == "BOARD")
        .collect();
    assert_eq!(boards.len(), 27, "every board has at least one line");
    // The leads entered come back as suit then rank, between PLAYED_BY and TRICKS; a line
    // without a lead has no LEAD.
    let board_three: Vec<_> = boards[2]
        .children()
        .filter(|c| c.has_tag_name("TRAVELLER_LINE"))
        .collect();
    let lead_of = |ns: &str| {
        let line = board_three
            .iter()
            .find(|l| text(**l, "NS_PAIR_NUMBER") == ns)
            .unwrap();
        let order: Vec<&str> = line
            .children()
            .filter(|c| c.is_element())
            .map(|c| c.tag_name().name())
            .collect();
        let lead = line
            .children()
            .find(|c| c.has_tag_name("LEAD"))
            .map(|c| c.text().unwrap_or("").to_owned());
        (lead, order)
    };
    let (lead, order) = lead_of("2");
    assert_eq!(lead.as_deref(), Some("HQ"));
    assert_eq!(
        order,
        [
            "NS_PAIR_NUMBER",
            "EW_PAIR_NUMBER",
            "CONTRACT",
            "PLAYED_BY",
            "LEAD",
            "TRICKS",
            "SCORE",
            "NS_MATCH_POINTS",
            "EW_MATCH_POINTS"
        ]
    );
    assert_eq!(lead_of("4").0.as_deref(), Some("ST"));
    assert_eq!(lead_of("1").0, None);
    // Shared places are written "3=", as in every standings table.
    let places: Vec<String> = pairs.iter().map(|p| text(*p, "PLACE")).collect();
    assert!(places.iter().any(|p| p.ends_with('=')), "{places:?}");
    for (pair, place) in pairs.iter().zip(&places) {
        let shared = pairs
            .iter()
            .filter(|o| {
                text(**o, "DIRECTION") == text(*pair, "DIRECTION")
                    && text(**o, "PERCENTAGE") == text(*pair, "PERCENTAGE")
            })
            .count()
            > 1;
        assert_eq!(place.ends_with('='), shared, "{place}");
    }
    let board_one = boards[0];
    assert_eq!(text(board_one, "BOARD_NUMBER"), "1");
    let lines: Vec<_> = board_one
        .children()
        .filter(|c| c.tag_name().name() == "TRAVELLER_LINE")
        .collect();
    assert_eq!(lines.len(), 8, "the board not played has no line");
    let top_line = lines.iter().find(|l| text(**l, "SCORE") == "650").unwrap();
    assert_eq!(text(*top_line, "NS_PAIR_NUMBER"), "3");
    // 650 beats seven 620s: 14 of 14, factored to 9 plays: (14+1)·9/8 − 1 = 15.875.
    assert!((number(*top_line, "NS_MATCH_POINTS") - 15.875).abs() < 0.006);
    assert!((number(*top_line, "EW_MATCH_POINTS") - 0.125).abs() < 0.006);
    let artificial = boards[1]
        .children()
        .filter(|c| c.tag_name().name() == "TRAVELLER_LINE")
        .find(|l| text(*l, "SCORE") == "A60/40")
        .unwrap();
    assert!((number(artificial, "NS_MATCH_POINTS") - 9.6).abs() < 1e-9);
    assert!((number(artificial, "EW_MATCH_POINTS") - 6.4).abs() < 1e-9);
    // Not a club pairs event: a sentence.
    let mut plain = event.clone();
    plain.schedule.movement = None;
    assert!(
        usebio_xml(&plain, &results, "0.1.0")
            .unwrap_err()
            .contains("club pairs")
    );
}

#[test]
fn traveller_lines_are_found_or_refused_with_a_sentence() {
    let names: Vec<String> = (1..=10).map(|i| format!("Pair {i}")).collect();
    let event = club_event(&names, MovementKind::Mitchell, 2);
    let t = &travellers(&event, &Results::new())[4];
    let row = &t.rows[1];
    let movement = event.schedule.movement.as_ref().unwrap();
    let ns = movement.label(row.ns + 1);
    let ew = movement.label(row.ew + 1);
    // "3 NS" and plain "3" (N-S in the N-S column) both name the N-S pair.
    let key = locate_traveller_line(&event, t.board, &ns, &ew).unwrap();
    let plain_ns = ns.split(' ').next().unwrap();
    let plain_ew = ew.split(' ').next().unwrap();
    assert_eq!(
        locate_traveller_line(&event, t.board, plain_ns, plain_ew).unwrap(),
        key
    );
    // The other way round: said so, with where they sat.
    let swapped = locate_traveller_line(&event, t.board, &ew, &ns).unwrap_err();
    assert!(swapped.contains("write the pairs that way round"), "{swapped}");
    // A pair that did not meet them on that board.
    let other = if row.ew + 1 == 10 { "1 EW" } else { "5 EW" };
    let wrong = locate_traveller_line(&event, t.board, &ns, other).unwrap_err();
    assert!(wrong.contains("played board"), "{wrong}");
    assert!(
        locate_traveller_line(&event, 99, &ns, &ew)
            .unwrap_err()
            .contains("boards 1 to 10")
    );
    assert!(
        locate_traveller_line(&event, 1, "12", "1")
            .unwrap_err()
            .contains("numbered 1 to 5")
    );
    assert!(
        locate_traveller_line(&event, 1, "2 XY", "1")
            .unwrap_err()
            .contains("not a direction")
    );
}

/// The one section of the one session of a USEBIO event: where its pairs and boards are.
fn section<'a, 'i>(event: roxmltree::Node<'a, 'i>) -> roxmltree::Node<'a, 'i> {
    child(child(event, "SESSION"), "SECTION")
}

/// The first child element called `name` (the test fails when there is none).
fn child<'a, 'i>(node: roxmltree::Node<'a, 'i>, name: &str) -> roxmltree::Node<'a, 'i> {
    node.children()
        .find(|c| c.tag_name().name() == name)
        .unwrap_or_else(|| panic!("<{}> has no <{name}>", node.tag_name().name()))
}

fn text(node: roxmltree::Node<'_, '_>, name: &str) -> String {
    child(node, name).text().unwrap_or("").to_string()
}

fn number(node: roxmltree::Node<'_, '_>, name: &str) -> f64 {
    text(node, name).parse().unwrap()
}

#[test]
fn a_pair_that_leaves_has_its_boards_factored_and_imps_still_rank() {
    let names: Vec<String> = (1..=10).map(|i| format!("Pair {i}")).collect();
    let mut event = club_event(&names, MovementKind::Mitchell, 2);
    let movement = event.schedule.movement.clone().unwrap();
    // E-W pair 5 (pair 10) leaves after round 3 of 5.
    let left = scheduler::movement::withdraw(movement, 10, 3).unwrap();
    event.schedule = scheduler::movement::schedule_of(&left, &event.schedule.entrants).unwrap();
    assert!(
        verify(&event.schedule).is_valid(),
        "{:?}",
        verify(&event.schedule)
    );
    // Every board passed out: each is a flat board, whatever its number of plays.
    let results = enter_all(&event, |_, _| None);
    let all = travellers(&event, &results);
    // Two sets (4 boards) are not played at the table pair 10 left; those boards have 4
    // results instead of 5: each pass ties three others, (3 + 1)·5/4 − 1 = 4 of top 8.
    let short: Vec<_> = all.iter().filter(|t| t.rows.len() == 4).collect();
    assert_eq!(short.len(), 4, "rounds 4 and 5, two boards each");
    for t in &short {
        assert_eq!(t.top, 8.0);
        assert!(t.rows.iter().all(|r| r.matchpoints == Some((4.0, 4.0))), "{t:?}");
    }
    let tables = standings(&event, &results);
    for table in &tables {
        for row in table_rows(table) {
            assert_eq!(row.3, "50.00", "{row:?}");
        }
    }
    // The pair that left played 6 boards; its last opponents sat out twice: 8 boards.
    let boards_of = |name: &str| {
        tables
            .iter()
            .flat_map(|t| t.rows.iter())
            .find(|r| r[2] == name)
            .map(|r| r[3].clone())
            .unwrap()
    };
    assert_eq!(boards_of("Pair 10"), "6");
    // IMPs across the field still rank (cross-IMPs of equal scores are 0 for everyone).
    let imps =
        scheduler::event::club_pairs::standings(&event, &results, Some(scheduler::event::ImpMethod::Cross));
    assert!(imps[0].columns.iter().any(|c| c == "IMPs"));
    assert!(
        imps.iter()
            .flat_map(|t| &t.rows)
            .all(|r| r.last().unwrap() == "0.00")
    );
}

#[test]
fn three_pairs_are_refused_with_the_reason() {
    for movement in [
        Some(MovementPlan {
            kind: MovementKind::Howell,
            phantom: None,
            arrow_switch: false,
        }),
        None,
    ] {
        let mut spec = NewEvent::new("Three", EventFormat::BridgePairs, Roster::numbered(3));
        spec.options.movement = movement;
        let error = build_event(&spec, &Control::unlimited()).unwrap_err();
        assert!(error.message.contains("at least 4 pairs"), "{error}");
    }
    // Four pairs: the 2-table Howell, each board played twice.
    let event = club_event(
        &(1..=4).map(|i| format!("P{i}")).collect::<Vec<_>>(),
        MovementKind::Howell,
        3,
    );
    assert!(
        travellers(&event, &Results::new())
            .iter()
            .all(|t| t.rows.len() == 2 && t.top == 2.0)
    );
}

/// Issue 40: every pair has its own identity in the USEBIO file. An arrow-switched Mitchell
/// (one winner) numbered its E-W pairs 1–5 again with no direction, so a reader took N-S 3
/// and E-W 3 for one pair and could not attribute the switched round's lines. Read back, every
/// traveller line names the two pairs (and their players) the schedule seated at that board,
/// worked out here from the schedule itself, not from the export's own travellers.
#[test]
fn an_arrow_switched_mitchell_s_usebio_names_every_line_s_two_pairs() {
    let names: Vec<String> = (1..=10).map(|i| format!("Player {i}a & Player {i}b")).collect();
    let roster = Roster {
        players: names
            .iter()
            .enumerate()
            .map(|(i, n)| Player::new(i as u32 + 1, n.clone()))
            .collect(),
    };
    let mut spec = NewEvent::new("Arrow switch", EventFormat::BridgePairs, roster);
    spec.options.boards_per_round = 4;
    spec.options.movement = Some(MovementPlan {
        kind: MovementKind::Mitchell,
        phantom: None,
        arrow_switch: true,
    });
    let (event, _) = build_event(&spec, &Control::unlimited()).unwrap();
    let movement = event.schedule.movement.as_ref().unwrap();
    assert!(movement.one_winner() && movement.rounds.iter().any(|r| r.arrow_switch));
    // Every board: a score that says which row it was (N-S pair's index), all different.
    let results = enter_all(&event, |b, ns| Some(score(10 * (b as i32 * 20 + ns as i32))));
    let xml = usebio_xml(&event, &results, "0.1.0").unwrap();
    let doc = roxmltree::Document::parse_with_options(
        &xml,
        roxmltree::ParsingOptions {
            allow_dtd: true,
            ..Default::default()
        },
    )
    .unwrap();
    let ev = child(doc.root_element(), "EVENT");
    assert_eq!(text(ev, "WINNER_TYPE"), "1");
    // The file's pairs: number → the names of its players. Numbers are unique.
    let mut players_of: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for pair in child(section(ev), "PARTICIPANTS")
        .children()
        .filter(|c| c.is_element())
    {
        let number = text(pair, "PAIR_NUMBER");
        let players: Vec<String> = pair
            .children()
            .filter(|c| c.has_tag_name("PLAYER"))
            .map(|p| text(p, "PLAYER_NAME"))
            .collect();
        assert!(
            players_of.insert(number.clone(), players).is_none(),
            "pair number {number} is written twice"
        );
    }
    assert_eq!(players_of.len(), 10);
    let entrant_names = |number: &str| players_of[number].join(" & ");
    // The schedule's own answer: board → the (N-S, E-W) pairs seated at it, by name.
    let mut seated: std::collections::BTreeMap<u32, Vec<(String, String)>> = Default::default();
    for round in &event.schedule.rounds {
        for table in &round.tables {
            let (ns, ew) = scheduler::event::sides(table);
            for board in event.deals_at(round.number, table.number) {
                let name = |e: &[usize]| event.schedule.entrants[e[0]].clone();
                seated.entry(board).or_default().push((name(&ns), name(&ew)));
            }
        }
    }
    let mut lines = 0;
    for board in section(ev).children().filter(|c| c.has_tag_name("BOARD")) {
        let number: u32 = text(board, "BOARD_NUMBER").parse().unwrap();
        let mut read: Vec<(String, String)> = board
            .children()
            .filter(|c| c.has_tag_name("TRAVELLER_LINE"))
            .map(|line| {
                (
                    entrant_names(&text(line, "NS_PAIR_NUMBER")),
                    entrant_names(&text(line, "EW_PAIR_NUMBER")),
                )
            })
            .collect();
        lines += read.len();
        let mut expected = seated[&number].clone();
        read.sort();
        expected.sort();
        assert_eq!(read, expected, "board {number}");
    }
    assert_eq!(lines, results.len(), "every result is a line");
    // The switched round seats E-W pairs N-S: the check above covered them.
    let switched = movement.rounds.iter().find(|r| r.arrow_switch).unwrap().number;
    assert!(results.keys().any(|k| k.round as usize == switched));
}

/// Issue 40: a Howell of 13 pairs imported with their EBU numbers: the USEBIO file carries
/// each player's `NATIONAL_ID_NUMBER`, and read back, every traveller line's two pairs are
/// those the schedule seated at that board, down to the players' names and numbers in the
/// roster file.
#[test]
fn a_howell_s_usebio_carries_national_ids_and_every_line_s_players() {
    let fixture = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures/rosters/pairs_two_name_columns.csv");
    let import = scheduler::roster_import::import_roster_file(&fixture);
    assert!(import.is_ok(), "{:?}", import.problems.list);
    let roster = import.roster;
    assert_eq!(roster.players.len(), 13);
    let mut spec = NewEvent::new("Howell with numbers", EventFormat::BridgePairs, roster.clone());
    spec.options.boards_per_round = 2;
    spec.options.movement = Some(MovementPlan {
        kind: MovementKind::Howell,
        phantom: None,
        arrow_switch: false,
    });
    let (event, _) = build_event(&spec, &Control::unlimited()).unwrap();
    let results = enter_all(&event, |b, ns| Some(score(10 * (b as i32 * 20 + ns as i32))));
    let xml = usebio_xml(&event, &results, "0.1.0").unwrap();
    let doc = roxmltree::Document::parse_with_options(
        &xml,
        roxmltree::ParsingOptions {
            allow_dtd: true,
            ..Default::default()
        },
    )
    .unwrap();
    let ev = child(doc.root_element(), "EVENT");
    // No club number given: none written.
    assert!(!doc.descendants().any(|n| n.has_tag_name("CLUB_ID_NUMBER")));
    // The file's pairs: number → their players' (name, national ID).
    let mut people_of: std::collections::BTreeMap<String, Vec<(String, String)>> = Default::default();
    for pair in child(section(ev), "PARTICIPANTS")
        .children()
        .filter(|c| c.is_element())
    {
        let people: Vec<(String, String)> = pair
            .children()
            .filter(|c| c.has_tag_name("PLAYER"))
            .map(|p| (text(p, "PLAYER_NAME"), text(p, "NATIONAL_ID_NUMBER")))
            .collect();
        assert_eq!(people.len(), 2, "{people:?}");
        people_of.insert(text(pair, "PAIR_NUMBER"), people);
    }
    assert_eq!(people_of.len(), 13);
    // The roster file's answer for an entrant: its two members with their numbers.
    let members = |entrant: &str| -> Vec<(String, String)> {
        let pair = roster.players.iter().find(|p| p.name == entrant).unwrap();
        pair.members
            .iter()
            .map(|m| (m.name.clone(), m.number.clone().unwrap()))
            .collect()
    };
    assert!(
        people_of
            .values()
            .flatten()
            .any(|(name, id)| name == "Siobhán O'Connor" && id == "007341"),
        "a leading zero is kept"
    );
    // A pair's players as (name, number); a line as its N-S and E-W pairs.
    type People = Vec<(String, String)>;
    let mut seated: std::collections::BTreeMap<u32, Vec<(People, People)>> = Default::default();
    for round in &event.schedule.rounds {
        for table in &round.tables {
            let (ns, ew) = scheduler::event::sides(table);
            for board in event.deals_at(round.number, table.number) {
                let of = |e: &[usize]| members(&event.schedule.entrants[e[0]]);
                seated.entry(board).or_default().push((of(&ns), of(&ew)));
            }
        }
    }
    let mut lines = 0;
    for board in section(ev).children().filter(|c| c.has_tag_name("BOARD")) {
        let number: u32 = text(board, "BOARD_NUMBER").parse().unwrap();
        let mut read: Vec<_> = board
            .children()
            .filter(|c| c.has_tag_name("TRAVELLER_LINE"))
            .map(|line| {
                (
                    people_of[&text(line, "NS_PAIR_NUMBER")].clone(),
                    people_of[&text(line, "EW_PAIR_NUMBER")].clone(),
                )
            })
            .collect();
        lines += read.len();
        let mut expected = seated[&number].clone();
        read.sort();
        expected.sort();
        assert_eq!(read, expected, "board {number}");
    }
    assert_eq!(lines, results.len());
}
