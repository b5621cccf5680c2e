//! Issue 45: a Swiss teams round with a three-way match instead of the bye. Seven teams; round
//! 2 paired with the three-way asked for: the bottom three that have not met play one another
//! over half the round's boards each (the third half-match on a supplementary set), each
//! half-match worth half a match's VPs, entered through the one write path and added up in
//! the standings, the running ranking, the sheets' words and the CSV; round 3 then avoids
//! every meeting the three-way made.

use super::common::scratch;
use super::teams_event::{board, enter_round, swiss};
use scheduler::event::session::{Command, Session};
use scheduler::event::teams::{match_teams, plans_at};
use scheduler::event::teams_ranking::running_ranking;
use scheduler::event::teams_results::matches_table;
use scheduler::event::three_way::{half_match_deals, three_teams};
use scheduler::event::{ResultKey, ResultValue};
use scheduler::model::{Absence, Seat};
use scheduler::scoring::bridge::imps;
use scheduler::scoring::victory_points::{VpScale, victory_points};
use std::collections::{BTreeMap, HashSet};

/// Enters every board of every match of `round`, a three-way's half-matches included.
fn enter_all(session: &mut Session, round: u32) {
    let event = session.event().clone();
    for table in &event.schedule.round(round).unwrap().tables {
        for plan in plans_at(&event, round, table) {
            for &deal in &plan.deals {
                let key = ResultKey {
                    round,
                    table: table.number,
                    deal,
                };
                let value = ResultValue::Teams {
                    board: board(plan.home, plan.away, deal),
                };
                session.apply(Command::SetResult(key, value)).unwrap();
            }
        }
    }
}

/// A head-on match's VPs (hundredths) for `home` and `away` over `deals`, worked out here from
/// the boards' nets: IMPs per board, the margin, the WBF 2013 scale for that many boards.
pub(crate) fn vps(home: usize, away: usize, deals: &[u32]) -> [i64; 2] {
    let margin: i32 = deals
        .iter()
        .map(|&d| imps(board(home, away, d).entry().net().unwrap()))
        .sum();
    let split = victory_points(VpScale::Wbf2013, deals.len() as i64, f64::from(margin.abs())).unwrap();
    let (w, l) = (
        i64::from(split.winner.hundredths()),
        i64::from(split.loser.hundredths()),
    );
    if margin >= 0 { [w, l] } else { [l, w] }
}

/// Half of a split, as a three-way counts it: 10 VPs at stake, the odd hundredth to the team
/// ahead.
fn halved([a, b]: [i64; 2]) -> [i64; 2] {
    let ahead = (a.max(b) + 1) / 2;
    if a >= b {
        [ahead, 1000 - ahead]
    } else {
        [1000 - ahead, ahead]
    }
}

#[test]
fn seven_teams_play_a_three_way_match_instead_of_a_bye() {
    let path = scratch("teams", "three_way7.tourney");
    let mut session = Session::create(&path, &swiss(7, 3)).unwrap();
    enter_round(&mut session, 1);
    let applied = session
        .apply(Command::PairNextRound {
            leaving: vec![],
            odd: scheduler::swiss::OddCount::ThreeWay,
        })
        .unwrap();
    assert!(
        applied.message.starts_with("Round 2 paired"),
        "{}",
        applied.message
    );
    let event = session.event().clone();
    let round2 = event.schedule.round(2).unwrap().clone();
    // No bye: two head-on matches and the three-way, last, with its three teams.
    assert!(
        round2.absent.iter().all(|a| a.kind != Absence::Bye),
        "{:?}",
        round2.absent
    );
    assert_eq!(round2.tables.len(), 3);
    assert!(round2.tables[..2].iter().all(|t| match_teams(t).is_some()));
    let three = three_teams(&round2.tables[2]).expect("the last match is the three-way");
    let seats: Vec<Seat> = round2.tables[2].seats.iter().map(|s| s.seat).collect();
    assert_eq!(seats, [Seat::Home, Seat::Away, Seat::Third]);
    // Round 1 met 0-3, 1-4, 2-5 and gave 6 the bye: the three have not met.
    let met1: HashSet<(usize, usize)> = [(0, 3), (1, 4), (2, 5)].into();
    for (i, &a) in three.iter().enumerate() {
        for &b in &three[i + 1..] {
            assert!(
                !met1.contains(&(a.min(b), a.max(b))),
                "{three:?} repeat a round-1 meeting"
            );
        }
    }
    // The boards: round 2 plays 5–8; the half-matches 5–6, 7–8 and the supplementary 15–16
    // (after the 3 × 4 boards of the event, one set of two per round).
    let deals = half_match_deals(&event, 2).unwrap();
    assert_eq!(deals, [vec![5, 6], vec![7, 8], vec![15, 16]]);
    // Hand records may be attached to the supplementary boards too.
    assert_eq!(event.boards_played(), 16);
    let plans = plans_at(&event, 2, &round2.tables[2]);
    let pairs: Vec<(usize, usize)> = plans.iter().map(|p| (p.home, p.away)).collect();
    assert_eq!(
        pairs,
        [(three[0], three[1]), (three[1], three[2]), (three[2], three[0])]
    );

    // A board the three-way does not play is refused, naming the boards it does.
    let wrong = ResultKey {
        round: 2,
        table: 3,
        deal: 9,
    };
    let refused = session
        .apply(Command::SetResult(
            wrong,
            ResultValue::Teams {
                board: board(three[0], three[1], 9),
            },
        ))
        .unwrap_err()
        .to_string();
    assert!(
        refused.contains("plays boards 5–6 and 7–8 and 15–16, not board 9"),
        "{refused}"
    );

    // Until every half-match is in, round 3 is refused, naming the half-match.
    let refused = session
        .apply(Command::PairNextRound {
            leaving: vec![],
            odd: scheduler::swiss::OddCount::ThreeWay,
        })
        .unwrap_err()
        .to_string();
    assert!(refused.contains("three-way part 3"), "{refused}");
    enter_all(&mut session, 2);

    // The standings, worked out here: round 1's head-on matches and bye, round 2's head-on
    // matches, and each three-way team's two halved half-matches.
    let event = session.event().clone();
    let mut expected: BTreeMap<usize, i64> = BTreeMap::new();
    for round in [1u32, 2] {
        for table in &event.schedule.round(round).unwrap().tables {
            if let Some((h, a)) = match_teams(table) {
                let deals: Vec<u32> = event.deals_of_round(round).collect();
                let [ph, pa] = vps(h, a, &deals);
                *expected.entry(h).or_default() += ph;
                *expected.entry(a).or_default() += pa;
            }
        }
    }
    *expected.entry(6).or_default() += 1200; // round 1's bye
    for plan in &plans {
        let [ph, pa] = halved(vps(plan.home, plan.away, &plan.deals));
        *expected.entry(plan.home).or_default() += ph;
        *expected.entry(plan.away).or_default() += pa;
    }
    let standings = session.standings()[0].clone();
    for row in &standings.rows {
        let team: usize = row[1].trim_start_matches("Player ").parse::<usize>().unwrap() - 1;
        let want = expected[&team];
        assert_eq!(
            row[2],
            format!("{}.{:02}", want / 100, want % 100),
            "team {team}: {row:?}"
        );
        // Every team has played two matches (or one and the bye): the three-way's halves are one.
        let played: u32 = row[3].parse().unwrap();
        assert_eq!(played + row[4].parse::<u32>().unwrap(), 2, "{row:?}");
    }

    // The running ranking shows a three-way team's round as its halves added, against both.
    let ranking = running_ranking(&event, session.results()).unwrap();
    let r2 = ranking.columns.iter().position(|c| c == "R2").unwrap();
    for (k, &team) in three.iter().enumerate() {
        let row = ranking
            .rows
            .iter()
            .find(|r| r[1] == (team + 1).to_string())
            .unwrap();
        let others = [three[(k + 1) % 3] + 1, three[(k + 2) % 3] + 1];
        assert!(
            row[r2].contains(&format!(
                "({} & {})",
                others[0].min(others[1]),
                others[0].max(others[1])
            )) || row[r2].contains(&format!(
                "({} & {})",
                others[0].max(others[1]),
                others[0].min(others[1])
            )),
            "{row:?}"
        );
    }
    // The matches CSV: a line per half-match, its three tables named.
    let matches = matches_table(&event, session.results()).unwrap();
    let parts: Vec<&Vec<String>> = matches.rows.iter().filter(|r| r[1].starts_with("3 (")).collect();
    assert_eq!(parts.len(), 3, "{:?}", matches.rows);
    assert!(parts.iter().all(|r| r[2] == "5, 6 & 7"), "{parts:?}");

    // The results page of round 2: a line per half-match, and a heading for each.
    let site = scheduler::sheets::site::results_site(&event, session.results(), &Default::default());
    let page = String::from_utf8(site.file("round-2.html").unwrap().bytes.clone()).unwrap();
    for part in 1..=3 {
        assert!(page.contains(&format!(">3 ({part}/3)<")), "{page}");
        assert!(
            page.contains(&format!("Match 3 (three-way, part {part} of 3)")),
            "{page}"
        );
    }
    assert!(
        page.contains("(half a match&#39;s VPs)") || page.contains("(half a match's VPs)"),
        "{page}"
    );

    // Round 3 avoids every meeting of rounds 1 and 2, the three-way's three included.
    session
        .apply(Command::PairNextRound {
            leaving: vec![],
            odd: scheduler::swiss::OddCount::Bye,
        })
        .unwrap();
    let event = session.event();
    let met2: HashSet<(usize, usize)> = event
        .schedule
        .round(2)
        .unwrap()
        .tables
        .iter()
        .flat_map(scheduler::event::teams::meetings_at)
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect();
    assert_eq!(met2.len(), 5);
    for table in &event.schedule.round(3).unwrap().tables {
        let (h, a) = match_teams(table).unwrap();
        let pair = (h.min(a), h.max(a));
        assert!(
            !met1.contains(&pair) && !met2.contains(&pair),
            "{pair:?} meet again in round 3"
        );
    }
}

#[test]
fn an_even_field_asked_for_a_three_way_is_paired_as_usual_and_told_so() {
    let path = scratch("teams", "three_way8.tourney");
    let mut session = Session::create(&path, &swiss(8, 3)).unwrap();
    enter_round(&mut session, 1);
    let applied = session
        .apply(Command::PairNextRound {
            leaving: vec![],
            odd: scheduler::swiss::OddCount::ThreeWay,
        })
        .unwrap();
    let round2 = session.event().schedule.round(2).unwrap();
    assert!(round2.tables.iter().all(|t| match_teams(t).is_some()));
    assert!(
        applied.message.contains("no three-way match is needed"),
        "{}",
        applied.message
    );
}

/// The schedule's verifier holds a three-way match to its form: only in a Swiss, three
/// different teams seated home, away and third; a team seated twice is caught.
#[test]
fn the_verifier_accepts_a_three_way_only_in_a_swiss_with_three_different_teams() {
    use scheduler::model::{Round, SeatAssignment, Table};
    use scheduler::verify::verify;
    let mut event = swiss(7, 3);
    let seat = |seat, entrant| SeatAssignment {
        seat,
        entrant,
        board: None,
    };
    let round = |third: usize| Round {
        number: 1,
        tables: vec![
            Table {
                number: 1,
                seats: vec![seat(Seat::Home, 0), seat(Seat::Away, 3)],
            },
            Table {
                number: 2,
                seats: vec![seat(Seat::Home, 1), seat(Seat::Away, 2)],
            },
            Table {
                number: 3,
                seats: vec![seat(Seat::Home, 4), seat(Seat::Away, 5), seat(Seat::Third, third)],
            },
        ],
        absent: Vec::new(),
    };
    event.schedule.rounds = vec![round(6)];
    let report = verify(&event.schedule);
    assert!(report.is_valid(), "{:?}", report.violations);
    // Team 6 (index 5) seated twice at the three-way, team 7 nowhere.
    event.schedule.rounds = vec![round(5)];
    let report = verify(&event.schedule);
    let said: Vec<&str> = report.violations.iter().map(|v| v.message.as_str()).collect();
    assert!(
        said.iter()
            .any(|m| m.contains("a three-way match seats three different teams")),
        "{said:?}"
    );
    // Not a Swiss: a round robin's table seats two.
    event.schedule.rounds = vec![round(6)];
    event.schedule.promise.swiss = false;
    let report = verify(&event.schedule);
    assert!(!report.is_valid(), "a three-way outside a Swiss passed");
}

/// Made with the three-way as the event's choice: round 1 puts the last three seeds in a
/// three-way match (no bye), and an event of one board a match is refused with the reason.
#[test]
fn a_swiss_made_with_three_way_matches_starts_with_one() {
    use scheduler::event::create::{EventFormat, NewEvent, build_event};
    use scheduler::model::Roster;
    use scheduler::solver::Control;
    let mut spec = NewEvent::new("Swiss teams", EventFormat::Teams, Roster::numbered(9));
    spec.options.swiss = true;
    spec.options.three_way = true;
    spec.options.rounds = Some(4);
    spec.options.boards_per_round = 6;
    let (event, _) = build_event(&spec, &Control::unlimited()).unwrap();
    let round1 = event.schedule.round(1).unwrap();
    assert!(round1.absent.is_empty(), "{:?}", round1.absent);
    let pairs: Vec<(usize, usize)> = round1.tables.iter().filter_map(match_teams).collect();
    assert_eq!(pairs, [(0, 3), (1, 4), (2, 5)]);
    assert_eq!(three_teams(&round1.tables[3]), Some([6, 7, 8]));
    assert_eq!(
        half_match_deals(&event, 1).unwrap(),
        [vec![1, 2, 3], vec![4, 5, 6], vec![25, 26, 27]]
    );
    let report = scheduler::verify::verify(&event.schedule);
    assert!(report.is_valid(), "{:?}", report.violations);
    spec.options.boards_per_round = 1;
    let refused = build_event(&spec, &Control::unlimited()).unwrap_err().to_string();
    assert!(
        refused.contains("a three-way match needs at least two"),
        "{refused}"
    );
}

/// A three-way match the event's VP scale cannot score is refused when the round is paired
/// (before, it was paired, its boards entered, and its half-matches then silently never
/// counted): the ACBL's 30-VP scale is published for matches of 6 to 11 boards, and an
/// 8-board round's half-matches have 4. Over two rounds (full matches) it is paired. A file
/// paired so by an earlier Tourney says in its standings that those half-matches do not count.
#[test]
fn a_three_way_the_scale_cannot_score_is_refused_and_an_old_one_said_so() {
    use scheduler::event::create::{EventFormat, NewEvent, build_event};
    use scheduler::event::teams::TeamsScoring;
    use scheduler::model::Roster;
    use scheduler::solver::Control;
    use scheduler::swiss::OddCount;
    let mut spec = NewEvent::new("ACBL Swiss", EventFormat::Teams, Roster::numbered(5));
    spec.options.swiss = true;
    spec.options.rounds = Some(3);
    spec.options.boards_per_round = 8;
    spec.options.teams_scoring = TeamsScoring::Acbl30;
    let (event, _) = build_event(&spec, &Control::unlimited()).unwrap();
    let path = scratch("teams", "three_way_acbl.tourney");
    let mut session = Session::create(&path, &event).unwrap();
    enter_round(&mut session, 1);
    let pair = |odd| Command::PairNextRound { leaving: vec![], odd };
    let refused = session.apply(pair(OddCount::ThreeWay)).unwrap_err().to_string();
    assert!(
        refused.contains(
            "a three-way match in round 2 would score each half-match (4 boards) on the acbl30 scale, which cannot score it"
        ) && refused.contains("pair the round with a bye"),
        "{refused}"
    );
    assert_eq!(session.event().schedule.rounds.len(), 1, "nothing paired");
    session.apply(pair(OddCount::LongThreeWay)).unwrap();
    assert_eq!(session.event().schedule.rounds.len(), 2);

    // An earlier Tourney's file: round 2 paired with a three-way on the same scale (made here
    // on the WBF scale, which can score it, then given the ACBL's), every board entered.
    let mut wbf = event.clone();
    if let scheduler::event::Scoring::Teams { scoring, .. } = &mut wbf.settings.scoring {
        *scoring = TeamsScoring::Wbf2013;
    }
    let path = scratch("teams", "three_way_acbl_old.tourney");
    let mut old = Session::create(&path, &wbf).unwrap();
    enter_round(&mut old, 1);
    old.apply(pair(OddCount::ThreeWay)).unwrap();
    let mut paired = old.event().clone();
    if let scheduler::event::Scoring::Teams { scoring, .. } = &mut paired.settings.scoring {
        *scoring = TeamsScoring::Acbl30;
    }
    let path = scratch("teams", "three_way_acbl_older.tourney");
    let mut older = Session::create(&path, &paired).unwrap();
    enter_all(&mut older, 1);
    enter_all(&mut older, 2);
    let standings = scheduler::event::standings::standings(older.event(), older.results());
    let note = standings[0].note.clone().unwrap_or_default();
    assert!(
        note.contains("Round 2 match 2 (1/3) has every board entered but does not count: 4 boards: acbl30 is published for matches of 6 to 11 boards only"),
        "{note}"
    );
}
