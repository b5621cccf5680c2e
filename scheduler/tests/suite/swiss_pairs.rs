//! Issue 45: Swiss pairs as an event. A pairs event of duplicate bridge paired round by round
//! from the standings, each match one table, every table playing the round's boards, each
//! board scored against its datum across the field, the match's IMPs turned into VPs.

use super::common::scratch;
use scheduler::event::create::{EventFormat, NewEvent, build_event};
use scheduler::event::session::{Command, Session};
use scheduler::event::swiss_pairs;
use scheduler::event::teams::{TeamsBye, TeamsScoring, match_teams};
use scheduler::event::{BridgeResult, Event, ResultKey, ResultValue};
use scheduler::model::{Absence, Roster};
use scheduler::scoring::teams::swiss_pairs_round;
use scheduler::scoring::victory_points::{VpScale, victory_points};
use scheduler::solver::Control;
use std::collections::HashSet;

/// A Swiss pairs event of `pairs` numbered pairs over `rounds` rounds of `boards` boards.
fn swiss_pairs_event(pairs: usize, rounds: usize, boards: u32) -> Event {
    let mut spec = NewEvent::new("Swiss pairs", EventFormat::BridgePairs, Roster::numbered(pairs));
    spec.options.swiss = true;
    spec.options.rounds = Some(rounds);
    spec.options.boards_per_round = boards;
    build_event(&spec, &Control::unlimited()).unwrap().0
}

fn score(session: &mut Session, round: u32, table: u32, deal: u32, ns: i32) {
    let key = ResultKey { round, table, deal };
    let value = ResultValue::Bridge {
        board: BridgeResult::NorthSouthScore { score: ns },
    };
    session.apply(Command::SetResult(key, value)).unwrap();
}

fn pair_next(session: &mut Session) -> String {
    session
        .apply(Command::PairNextRound {
            leaving: vec![],
            odd: scheduler::swiss::OddCount::Bye,
        })
        .map(|applied| applied.message)
        .unwrap_or_else(|e| e.to_string())
}

fn vps(boards: i64, margin: f64) -> (i64, i64) {
    let split = victory_points(VpScale::Wbf2013, boards, margin).unwrap();
    (
        i64::from(split.winner.hundredths()),
        i64::from(split.loser.hundredths()),
    )
}

/// The standings' rows as (pair, VPs, IMPs won, IMPs lost).
fn rows(session: &Session) -> Vec<(String, String, String, String)> {
    let table = &session.standings()[0];
    assert_eq!(table.columns[1], "Pair", "{:?}", table.columns);
    table
        .rows
        .iter()
        .map(|r| (r[1].clone(), r[2].clone(), r[5].clone(), r[6].clone()))
        .collect()
}

#[test]
fn eight_pairs_scored_against_the_datum_by_hand_and_paired_from_the_standings() {
    let path = scratch("swiss-pairs", "eight.tourney");
    let mut session = Session::create(&path, &swiss_pairs_event(8, 3, 2)).unwrap();
    let first = session.event().schedule.round(1).unwrap().clone();
    let tables: Vec<(usize, usize)> = first.tables.iter().map(|t| match_teams(t).unwrap()).collect();
    assert_eq!(tables, [(0, 4), (1, 5), (2, 6), (3, 7)]);

    // Board 1: 420, 420, 450, -50. Four scores, none left out: mean 1240 / 4 = 310, the
    // datum 310. IMPs: +110 → 3, +110 → 3, +140 → 4, -360 → -8 (320 to 360 is 8 IMPs).
    // Board 2: 100, -110, 140, 100: mean 57.5, the datum 60. +40 → 1, -170 → -5, +80 → 2,
    // +40 → 1.
    for (table, [b1, b2]) in (1..).zip([[420, 100], [420, -110], [450, 140], [-50, 100]]) {
        score(&mut session, 1, table, 1, b1);
        if table < 4 {
            score(&mut session, 1, table, 2, b2);
        }
    }
    // Not before every board is in: the refusal names the table, its pairs and the board.
    let refused = pair_next(&mut session);
    assert!(
        refused.contains("table 4 (Player 4 v Player 8) has no result for board(s) 2"),
        "{refused}"
    );
    score(&mut session, 1, 4, 2, 100);

    let event = session.event().clone();
    let matches = swiss_pairs::round_matches(
        &event,
        session.results(),
        event.schedule.round(1).unwrap(),
        swiss_pairs::settings(&event).unwrap(),
    );
    let imps: Vec<Vec<Option<i32>>> = matches
        .iter()
        .map(|m| m.boards.iter().map(|b| b.imps).collect())
        .collect();
    let datums: Vec<Option<i32>> = matches[0].boards.iter().map(|b| b.datum).collect();
    assert_eq!(datums, [Some(310), Some(60)]);
    assert_eq!(
        imps,
        [
            [Some(3), Some(1)],
            [Some(3), Some(-5)],
            [Some(4), Some(2)],
            [Some(-8), Some(1)]
        ]
    );
    // Margins: 1 v 5 +4, 2 v 6 -2, 3 v 7 +6, 4 v 8 -7; VPs on the 2-board WBF 2013 scale.
    let standings = rows(&session);
    let names: Vec<&str> = standings.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(
        names,
        [
            "Player 8", "Player 3", "Player 1", "Player 6", "Player 2", "Player 5", "Player 7", "Player 4"
        ]
    );
    let (w8, l8) = vps(2, 7.0);
    assert_eq!(standings[0].1, format!("{:.2}", w8 as f64 / 100.0));
    assert_eq!(standings[7].1, format!("{:.2}", l8 as f64 / 100.0));
    // Player 8's IMPs: 8 won on board 1, 1 lost on board 2.
    assert_eq!((standings[0].2.as_str(), standings[0].3.as_str()), ("8", "1"));

    // Round 2 from the standings: 8 v 3, 1 v 6, 2 v 5 (2 has met 6), 7 v 4.
    let said = pair_next(&mut session);
    assert!(said.starts_with("Round 2 paired"), "{said}");
    let event = session.event().clone();
    let met: HashSet<[usize; 2]> = event
        .schedule
        .round(2)
        .unwrap()
        .tables
        .iter()
        .map(|t| {
            let (a, b) = match_teams(t).unwrap();
            [a.min(b), a.max(b)]
        })
        .collect();
    assert_eq!(met, HashSet::from([[2, 7], [0, 5], [1, 4], [3, 6]]));
    // Round 2 plays boards 3 and 4; board 1 is refused with the boards it plays.
    let refused = session
        .apply(Command::SetResult(
            ResultKey {
                round: 2,
                table: 1,
                deal: 1,
            },
            ResultValue::Bridge {
                board: BridgeResult::NorthSouthScore { score: 420 },
            },
        ))
        .unwrap_err()
        .to_string();
    assert!(refused.contains("3–4"), "{refused}");
}

/// The N-S score of match `m` on `deal`: the lower-numbered pair tends to gain, with swings
/// that differ board by board (all multiples of ten, some negative).
fn ns_score(home: usize, away: usize, deal: u32) -> i32 {
    let edge = (away as i32 - home as i32) * 10;
    let swing = ((deal as i32 * 7 + home as i32 * 3 + away as i32) % 9 - 4) * 50;
    let base = [420, -100, 620, 140, -50][deal as usize % 5];
    base + edge + swing
}

#[test]
fn sixteen_pairs_over_five_rounds_match_the_scoring_of_whole_rounds() {
    let path = scratch("swiss-pairs", "sixteen.tourney");
    let mut session = Session::create(&path, &swiss_pairs_event(16, 5, 3)).unwrap();
    let mut met = HashSet::new();
    let mut expected = [0i64; 16];
    for round in 1..=5u32 {
        let event = session.event().clone();
        let played = event.schedule.round(round).unwrap().clone();
        let deals: Vec<u32> = event.deals_of_round(round).collect();
        assert_eq!(deals.len(), 3);
        let tables: Vec<(usize, usize)> = played.tables.iter().map(|t| match_teams(t).unwrap()).collect();
        assert_eq!(tables.len(), 8);
        let mut scores = vec![Vec::new(); deals.len()];
        for (t, &(home, away)) in (1..).zip(&tables) {
            assert!(
                met.insert([home.min(away), home.max(away)]),
                "a repeat in round {round}"
            );
            for (d, &deal) in deals.iter().enumerate() {
                let ns = ns_score(home, away, deal);
                scores[d].push(ns);
                score(&mut session, round, t, deal, ns);
            }
        }
        // The whole round scored at once by the library's round scoring, a separate path.
        for (m, result) in swiss_pairs_round(&scores, tables.len(), VpScale::Wbf2013)
            .unwrap()
            .into_iter()
            .enumerate()
        {
            expected[tables[m].0] += result.points[0];
            expected[tables[m].1] += result.points[1];
        }
        if round < 5 {
            let said = pair_next(&mut session);
            assert!(said.starts_with(&format!("Round {} paired", round + 1)), "{said}");
        }
    }
    let said = pair_next(&mut session);
    assert!(said.contains("all 5 rounds of the Swiss are paired"), "{said}");
    // Every pair's VPs as the standings give them, against the round-by-round totals; 20 VPs
    // a match, 40 matches.
    let event = session.event().clone();
    let mut total = 0.0;
    for (name, points, ..) in rows(&session) {
        let pair = event.schedule.entrants.iter().position(|e| *e == name).unwrap();
        assert_eq!(points, format!("{:.2}", expected[pair] as f64 / 100.0), "{name}");
        total += points.parse::<f64>().unwrap();
    }
    assert!((total - 800.0).abs() < 0.01, "{total}");
    assert_eq!(met.len(), 40);
    // The running ranking to pin up: a column per round ("13.76 (5)": the VPs and the
    // opponents' number), each row's rounds adding up to its total.
    let ranking = scheduler::event::teams_ranking::running_ranking(&event, session.results()).unwrap();
    assert_eq!(ranking.heading.as_deref(), Some("Ranking after round 5"));
    assert_eq!(
        ranking.columns,
        [
            "Rank", "No.", "Pair", "R1", "R2", "R3", "R4", "R5", "VPs", "Quotient"
        ]
    );
    assert_eq!(ranking.rows.len(), 16);
    for row in &ranking.rows {
        let sum: f64 = row[3..8]
            .iter()
            .map(|cell| cell.split(' ').next().unwrap().parse::<f64>().unwrap())
            .sum();
        let pair: usize = row[1].parse().unwrap();
        assert!((sum - expected[pair - 1] as f64 / 100.0).abs() < 0.006, "{row:?}");
        assert_eq!(
            row[8],
            format!("{:.2}", expected[pair - 1] as f64 / 100.0),
            "{row:?}"
        );
    }
}

#[test]
fn an_odd_field_gives_the_bye_and_a_pair_may_join_or_leave_between_rounds() {
    let path = scratch("swiss-pairs", "odd.tourney");
    let mut session = Session::create(&path, &swiss_pairs_event(7, 4, 2)).unwrap();
    let first = session.event().schedule.round(1).unwrap().clone();
    assert_eq!((first.absent[0].entrant, first.absent[0].kind), (6, Absence::Bye));
    for round in 1..=2u32 {
        let event = session.event().clone();
        let played = event.schedule.round(round).unwrap().clone();
        for table in &played.tables {
            let (home, away) = match_teams(table).unwrap();
            for deal in event.deals_of_round(round) {
                score(
                    &mut session,
                    round,
                    table.number,
                    deal,
                    ns_score(home, away, deal),
                );
            }
        }
        if round == 1 {
            // The bye is 12 VPs, the usual figure, counted once round 1 is complete.
            let standings = rows(&session);
            let bye = standings.iter().find(|r| r.0 == "Player 7").unwrap();
            assert_eq!(bye.1, "12.00");
            // A late pair joins round 2: eight pairs, no bye.
            let said = session
                .apply(Command::LateArrival {
                    name: "Late & Pair".into(),
                    before_round: None,
                    missed: scheduler::movement::MissedBoards::NotPlayed,
                })
                .unwrap()
                .message;
            assert!(said.contains("Late & Pair is paired from round 2 on"), "{said}");
            let said = pair_next(&mut session);
            assert!(said.starts_with("Round 2 paired"), "{said}");
            assert!(session.event().schedule.round(2).unwrap().absent.is_empty());
            // The phone page of a round-1 table says where its pairs go: a seat named N-S or
            // E-W at bridge.
            let view =
                scheduler::event::table_page::table_view(session.event(), session.results(), 1, 1).unwrap();
            assert_eq!(view.next.len(), 2, "{:?}", view.next);
            assert!(
                view.next
                    .iter()
                    .all(|line| line.ends_with(", N-S") || line.ends_with(", E-W")),
                "{:?}",
                view.next
            );
        }
    }
    // A three-way match is for teams: the odd pair out has the bye.
    let refused = session
        .apply(Command::PairNextRound {
            leaving: vec![1],
            odd: scheduler::swiss::OddCount::ThreeWay,
        })
        .unwrap_err()
        .to_string();
    assert!(
        refused.contains("three-way match is for Swiss teams"),
        "{refused}"
    );
    // Pair 2 withdraws as round 3 is paired: seven play, one has the bye, not Player 7 again.
    let said = session
        .apply(Command::PairNextRound {
            leaving: vec![1],
            odd: scheduler::swiss::OddCount::Bye,
        })
        .unwrap()
        .message;
    assert!(said.starts_with("Round 3 paired"), "{said}");
    let round3 = session.event().schedule.round(3).unwrap().clone();
    let bye: Vec<usize> = round3
        .absent
        .iter()
        .filter(|a| a.kind == Absence::Bye)
        .map(|a| a.entrant)
        .collect();
    assert_eq!(bye.len(), 1);
    assert_ne!(bye[0], 6);
    // The phone page of the bye pair's round-2 table says so, and that pair 2 has left.
    let event = session.event().clone();
    let seated = event
        .schedule
        .round(2)
        .unwrap()
        .tables
        .iter()
        .find(|t| t.seats.iter().any(|s| s.entrant == bye[0]))
        .unwrap()
        .number;
    let view = scheduler::event::table_page::table_view(&event, session.results(), seated, 2).unwrap();
    let name = &event.schedule.entrants[bye[0]];
    assert!(
        view.next.contains(&format!("{name}: has the bye in round 3")),
        "{:?}",
        view.next
    );
    let left = event
        .schedule
        .round(2)
        .unwrap()
        .tables
        .iter()
        .find(|t| t.seats.iter().any(|s| s.entrant == 1))
        .unwrap()
        .number;
    let view = scheduler::event::table_page::table_view(&event, session.results(), left, 2).unwrap();
    assert!(
        view.next.contains(&"Player 2: has left".to_owned()),
        "{:?}",
        view.next
    );
    assert!(
        round3
            .absent
            .iter()
            .any(|a| a.entrant == 1 && a.kind == Absence::Left)
    );
}

#[test]
fn what_a_swiss_pairs_event_refuses() {
    let make = |change: &dyn Fn(&mut NewEvent)| {
        let mut spec = NewEvent::new("Swiss pairs", EventFormat::BridgePairs, Roster::numbered(8));
        spec.options.swiss = true;
        spec.options.rounds = Some(3);
        change(&mut spec);
        build_event(&spec, &Control::unlimited())
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    let refused = make(&|s| s.options.teams_scoring = TeamsScoring::BoardAMatch).unwrap_err();
    assert!(refused.contains("board-a-match"), "{refused}");
    let refused = make(&|s| s.options.three_way = true).unwrap_err();
    assert!(
        refused.contains("three-way match is for Swiss teams"),
        "{refused}"
    );
    let refused = make(&|s| s.options.rounds = None).unwrap_err();
    assert!(refused.contains("number of rounds"), "{refused}");
    let refused = make(&|s| {
        s.options.teams_bye = Some(TeamsBye::Fixed { hundredths: 2500 });
    })
    .unwrap_err();
    assert!(refused.contains("a bye of 25"), "{refused}");
    // Plain IMPs: the margin itself is the points.
    make(&|s| s.options.teams_scoring = TeamsScoring::Imps).unwrap();

    // Artificial scores are refused: every table plays the board, so it has a score.
    let path = scratch("swiss-pairs", "refused.tourney");
    let mut session = Session::create(&path, &swiss_pairs_event(8, 3, 2)).unwrap();
    let refused = session
        .apply(Command::SetResult(
            ResultKey {
                round: 1,
                table: 1,
                deal: 1,
            },
            ResultValue::Bridge {
                board: BridgeResult::NotPlayed,
            },
        ))
        .unwrap_err()
        .to_string();
    assert!(refused.contains("enter its score"), "{refused}");
}

#[test]
fn the_sheets_give_the_seats_and_a_score_card_per_table_filled_as_scored() {
    use scheduler::sheets::event_sheets::{event_document, sheet_kinds, sheet_options};
    use scheduler::sheets::{SectionBody, SheetKind};
    let path = scratch("swiss-pairs", "sheets.tourney");
    let mut session = Session::create(&path, &swiss_pairs_event(8, 3, 2)).unwrap();
    let kinds = sheet_kinds(session.event());
    assert_eq!(
        kinds,
        [
            SheetKind::MovementSummary,
            SheetKind::Round,
            SheetKind::MatchCards
        ]
    );
    // Table 1 in full, a contract with its lead on board 1; the others' scores.
    let contract = BridgeResult::contract(
        scheduler::scoring::bridge::Contract::parse("4S").unwrap(),
        scheduler::deals::Direction::North,
        10,
    );
    session
        .apply(Command::SetResult(
            ResultKey {
                round: 1,
                table: 1,
                deal: 1,
            },
            ResultValue::Bridge { board: contract },
        ))
        .unwrap();
    score(&mut session, 1, 1, 2, -110);
    for (table, ns) in [(2, 450), (3, -50), (4, 420)] {
        score(&mut session, 1, table, 1, ns);
    }
    let options = sheet_options(session.event());
    let document = event_document(session.event(), session.results(), &options).unwrap();
    // The round sheet names the seats at bridge: N-S and E-W, not home and away.
    let SectionBody::Blocks { blocks } = &document.sections[1].body else {
        panic!("the round sheet is a table per round");
    };
    let columns: Vec<&str> = blocks[0].grid.columns.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(columns, ["Table", "N-S", "E-W"]);
    let SectionBody::Scorecards { cards, columns, .. } = &document.sections[2].body else {
        panic!("the match cards are score cards");
    };
    assert_eq!(cards.len(), 4);
    assert_eq!(columns.len(), 11);
    let first = &cards[0];
    assert_eq!(first.pair, "Round 1, table 1");
    assert_eq!(first.names, "N-S Player 1 (1) v E-W Player 5 (5)");
    let line = |card: &scheduler::sheets::PairCard, b: usize| -> Vec<String> {
        card.rounds[0].boards[b].iter().map(|c| c.text.clone()).collect()
    };
    // Board 1: 420, 450, -50, 420: datum 310; table 1 +110 → 3 IMPs to N-S.
    assert_eq!(
        line(first, 0),
        ["1", "–", "4S", "N", "=", "", "420", "", "310", "3", ""]
    );
    // Board 2 at table 1 only: the datum is its own score, 0 IMPs each: the match is complete
    // but the round is not, so the card says the scores are provisional.
    assert_eq!(line(first, 1)[6..], ["", "110", "-110", "0", "0"]);
    assert!(first.foot[1].starts_with("Provisional"), "{:?}", first.foot);
    // Table 2 has board 2 still to come: boxes, and the line to sign.
    assert_eq!(line(&cards[1], 1)[2..], ["", "", "", "", "", "", "", "", ""]);
    assert!(
        cards[1].foot[0].starts_with("Scores checked and agreed"),
        "{:?}",
        cards[1].foot
    );
    // The PDF is written and reads back with the cards' words.
    #[cfg(feature = "pdf")]
    {
        let pdf =
            scheduler::sheets::event_sheets::event_sheets_pdf(session.event(), session.results(), &options)
                .unwrap();
        let pages = super::sheets::read_pdf(&pdf);
        assert!(pages.contains("Round 1, table 1"));
        assert!(pages.contains("N-S Player 1 (1) v E-W Player 5 (5)"));
    }

    // The results site's round page: seats named N-S and E-W, each table's boards with the
    // datum and the N-S pair's IMPs, and the match so far.
    let site = scheduler::sheets::site::results_site(session.event(), session.results(), &Default::default());
    let page = String::from_utf8(site.file("round-1.html").unwrap().bytes.clone()).unwrap();
    assert!(
        page.contains("<h2>Table 1: Player 1 (N-S) v Player 5 (E-W)</h2>"),
        "{page}"
    );
    assert!(page.contains(">N-S</th>") && page.contains(">E-W</th>"), "{page}");
    assert!(page.contains(">Datum</th>") && page.contains(">310<"), "{page}");
    let summary = swiss_pairs::round_matches(
        session.event(),
        session.results(),
        session.event().schedule.round(1).unwrap(),
        swiss_pairs::settings(session.event()).unwrap(),
    )[0]
    .summary(TeamsScoring::Wbf2013);
    assert!(summary.starts_with("IMPs 3–0, VPs "), "{summary}");
    assert!(page.contains(&summary), "{page}");
    assert!(page.contains("1 of 2 boards entered"), "{page}");
}

/// A matchpointed Swiss pairs event of `pairs` numbered pairs.
fn matchpointed_event(pairs: usize, rounds: usize, boards: u32) -> Event {
    let mut spec = NewEvent::new("MP Swiss", EventFormat::BridgePairs, Roster::numbered(pairs));
    spec.options.swiss = true;
    spec.options.rounds = Some(rounds);
    spec.options.boards_per_round = boards;
    spec.options.teams_scoring = TeamsScoring::Matchpoints;
    build_event(&spec, &Control::unlimited()).unwrap().0
}

/// The spec's "or matchpoints across the field": 8 pairs, each board matchpointed across the
/// round's four tables, worked by hand; the standings, the cards, the site and the next
/// round's pairing from them.
#[test]
fn eight_pairs_matchpointed_across_the_field_by_hand() {
    use scheduler::sheets::SectionBody;
    use scheduler::sheets::event_sheets::{event_document, sheet_options};
    let path = scratch("swiss-pairs", "matchpoints.tourney");
    let mut session = Session::create(&path, &matchpointed_event(8, 3, 2)).unwrap();
    assert_eq!(
        session.event().settings.scoring.label(),
        "Swiss pairs (matchpoints across the field)"
    );
    // Board 1: 420, 420, 450, -50 (top 6): 3, 3, 6, 0. Board 2: 100, -110, 140, 100: 3, 0, 6,
    // 3. N-S: table 1 6 of 12 (50%), table 2 3 (25%), table 3 12 (100%), table 4 3 (25%).
    for (table, [b1, b2]) in (1..).zip([[420, 100], [420, -110], [450, 140], [-50, 100]]) {
        score(&mut session, 1, table, 1, b1);
        score(&mut session, 1, table, 2, b2);
    }
    let event = session.event().clone();
    let swiss = swiss_pairs::settings(&event).unwrap();
    let matches =
        swiss_pairs::round_matches(&event, session.results(), event.schedule.round(1).unwrap(), swiss);
    let mps: Vec<Vec<(u32, u32)>> = matches
        .iter()
        .map(|m| {
            m.boards
                .iter()
                .map(|b| {
                    assert_eq!((b.datum, b.imps), (None, None));
                    let mp = b.matchpoints.unwrap();
                    (mp.ns, mp.ew())
                })
                .collect()
        })
        .collect();
    assert_eq!(
        mps,
        [
            [(3, 3), (3, 3)],
            [(3, 3), (0, 6)],
            [(6, 0), (6, 0)],
            [(0, 6), (3, 3)]
        ]
    );
    let summaries: Vec<String> = matches
        .iter()
        .map(|m| m.summary(TeamsScoring::Matchpoints))
        .collect();
    assert_eq!(
        summaries,
        [
            "MPs 6–6, 50.00%–50.00%",
            "MPs 3–9, 25.00%–75.00%",
            "MPs 12–0, 100.00%–0.00%",
            "MPs 3–9, 25.00%–75.00%"
        ]
    );
    // The standings: Player 3 100%, Players 6 and 8 75%, 1 and 5 50%, 2 and 4 25%, 7 0%.
    let table = &session.standings()[0];
    assert_eq!(
        table.columns,
        [
            "Rank", "Pair", "Match %", "Played", "Byes", "MPs won", "MPs lost", "Quotient"
        ]
    );
    let note = table.note.as_deref().unwrap();
    assert!(note.contains("matchpointed across the round's tables"), "{note}");
    assert!(
        note.contains("then the matchpoint quotient (MPs won ÷ MPs lost)"),
        "{note}"
    );
    let points: Vec<(&str, &str)> = table
        .rows
        .iter()
        .map(|r| (r[1].as_str(), r[2].as_str()))
        .collect();
    assert_eq!(points[0], ("Player 3", "100.00"));
    let mut middle: Vec<(&str, &str)> = points[1..3].to_vec();
    middle.sort();
    assert_eq!(middle, [("Player 6", "75.00"), ("Player 8", "75.00")]);
    assert_eq!(points[7], ("Player 7", "0.00"));
    assert_eq!(
        (table.rows[0][5].as_str(), table.rows[0][6].as_str()),
        ("12", "0")
    );
    // The running ranking to pin up says the same: its column, quotient and bye.
    let ranking =
        scheduler::event::teams_ranking::running_ranking(session.event(), session.results()).unwrap();
    assert_eq!(ranking.columns[4..], ["Match %", "Quotient"]);
    assert_eq!(ranking.rows[0][3], "100.00 (7)");
    let note = ranking.note.as_deref().unwrap();
    assert!(
        note.contains("then the matchpoint quotient; a bye scores 60.00%"),
        "{note}"
    );

    // The match card: the top where the datum was, each pair's matchpoints.
    let options = sheet_options(session.event());
    let document = event_document(session.event(), session.results(), &options).unwrap();
    let SectionBody::Scorecards { cards, columns, .. } = &document.sections[2].body else {
        panic!("the match cards are score cards");
    };
    let labels: Vec<&str> = columns.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(labels[8..], ["Top", "N-S", "E-W"]);
    let line: Vec<String> = cards[1].rounds[0].boards[1]
        .iter()
        .map(|c| c.text.clone())
        .collect();
    assert_eq!(line[6..], ["", "110", "6", "0", "6"]);
    assert_eq!(
        cards[1].foot[0],
        "Player 2 3 MPs, Player 6 9 MPs · Match % 25.00 – 75.00"
    );
    assert_eq!(cards[1].foot[1], "Final: every table's scores are in.");

    // The results site: the top and the N-S pair's matchpoints.
    let site = scheduler::sheets::site::results_site(session.event(), session.results(), &Default::default());
    let page = String::from_utf8(site.file("round-1.html").unwrap().bytes.clone()).unwrap();
    assert!(
        page.contains(">Top</th>") && page.contains(">MPs N-S</th>"),
        "{page}"
    );
    assert!(page.contains("MPs 12–0, 100.00%–0.00%"), "{page}");
    let index = String::from_utf8(site.file("index.html").unwrap().bytes.clone()).unwrap();
    assert!(index.contains("8 entrants, 1 of 3 rounds paired"), "{index}");

    // The phone page counts the rounds planned, not only those paired ("round 1 of 3", was
    // "of 1"), and says the next table comes once the director has paired the round.
    let view = scheduler::event::table_page::table_view(session.event(), session.results(), 1, 1).unwrap();
    assert_eq!((view.round, view.last_round), (1, 3));
    assert_eq!(
        view.next,
        [
            "Round 2 is paired from the standings once every table's results of round 1 are in: where you play next shows here then."
        ]
    );

    // The phone asking to move on before round 2 is paired is told why, not "last round".
    let access = session.table_access().unwrap();
    let caller = scheduler::event::tables::Caller::Table {
        table: 1,
        key: access.keys[0].1.clone(),
    };
    let refused = session
        .next_table_round(&caller, "move-on-0001")
        .unwrap()
        .unwrap_err();
    assert_eq!(
        refused.to_string(),
        "round 2 is not paired yet: the director pairs it from the standings once every table's results of round 1 are in; then table 1 moves on"
    );

    // Round 2 from the standings: 3 v the better of 6 and 8, no repeat.
    let said = pair_next(&mut session);
    assert!(said.starts_with("Round 2 paired"), "{said}");
    let event = session.event().clone();
    for t in &event.schedule.round(2).unwrap().tables {
        let (a, b) = match_teams(t).unwrap();
        assert_ne!(a.abs_diff(b), 4, "{a} v {b} met in round 1");
    }
    let top = match_teams(&event.schedule.round(2).unwrap().tables[0]).unwrap();
    assert_eq!(top.0, 2, "Player 3 heads the table: {top:?}");
    // Once paired, the same phone moves on to round 2.
    let moved = session.next_table_round(&caller, "move-on-0002").unwrap();
    assert!(moved.is_ok(), "{moved:?}");
}

/// Percentages that do not come out even are rounded to a hundredth for the N-S pair and the
/// E-W pair gets the rest; a 16-pair event's matches share exactly 100 each; a bye is 60%
/// unless chosen otherwise; matchpoints are refused for a teams event.
#[test]
fn matchpoint_percentages_add_up_and_teams_refuse_them() {
    let path = scratch("swiss-pairs", "matchpoints-sixteen.tourney");
    let mut session = Session::create(&path, &matchpointed_event(16, 2, 3)).unwrap();
    let event = session.event().clone();
    let played = event.schedule.round(1).unwrap().clone();
    let deals: Vec<u32> = event.deals_of_round(1).collect();
    let tables: Vec<(usize, usize)> = played.tables.iter().map(|t| match_teams(t).unwrap()).collect();
    let mut all = vec![Vec::new(); deals.len()];
    for (t, &(home, away)) in (1..).zip(&tables) {
        for (d, &deal) in deals.iter().enumerate() {
            let ns = ns_score(home, away, deal);
            all[d].push(ns);
            score(&mut session, 1, t, deal, ns);
        }
    }
    let matches = swiss_pairs::round_matches(
        &event,
        session.results(),
        &played,
        swiss_pairs::settings(&event).unwrap(),
    );
    let mut sum = 0;
    for (m, &(home, _)) in matches.iter().zip(&tables) {
        let result = m.result.as_ref().unwrap();
        assert_eq!(result.points[0] + result.points[1], 10_000);
        // Worked out again here: 2 for each score beaten, 1 for each tie, of 14 a board.
        let mine: Vec<i32> = deals.iter().map(|&deal| ns_score(home, m.away, deal)).collect();
        let mp: usize = mine
            .iter()
            .zip(&all)
            .map(|(&ns, scores)| {
                2 * scores.iter().filter(|&&s| s < ns).count() + scores.iter().filter(|&&s| s == ns).count()
                    - 1
            })
            .sum();
        assert_eq!(result.imps_won[0] as usize, mp);
        let share = (mp as f64 * 10_000.0 / 42.0).round() as i64;
        assert_eq!(result.points[0], share, "table {}", m.table);
        sum += result.points[0] + result.points[1];
    }
    assert_eq!(sum, 80_000);

    // The usual bye is 60%; more than 100% is refused.
    assert_eq!(
        TeamsBye::usual(TeamsScoring::Matchpoints, 3),
        TeamsBye::Fixed { hundredths: 6000 }
    );
    let mut spec = NewEvent::new("MP Swiss", EventFormat::BridgePairs, Roster::numbered(9));
    spec.options.swiss = true;
    spec.options.rounds = Some(3);
    spec.options.teams_scoring = TeamsScoring::Matchpoints;
    spec.options.teams_bye = Some(TeamsBye::Fixed { hundredths: 10_100 });
    let refused = build_event(&spec, &Control::unlimited()).unwrap_err().to_string();
    assert!(refused.contains("from 0.00 to 100.00"), "{refused}");

    // A teams event is scored within its matches: matchpoints are refused, with the reason.
    let mut spec = NewEvent::new("Teams", EventFormat::Teams, Roster::numbered(6));
    spec.options.teams_scoring = TeamsScoring::Matchpoints;
    let refused = build_event(&spec, &Control::unlimited()).unwrap_err().to_string();
    assert!(
        refused.contains("matchpoints across the field score a Swiss pairs event"),
        "{refused}"
    );
}
