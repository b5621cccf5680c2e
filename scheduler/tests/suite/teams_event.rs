//! Issue 45, step 3: a Swiss teams event in the event file. Rounds are paired one at a time
//! from the standings, through the one write path (`Command::PairNextRound`), refused until
//! the last round is complete, taken back by undo, and made once when two writers ask at once.

use super::common::scratch;
use scheduler::event::create::{EventFormat, NewEvent, build_event};
use scheduler::event::session::{Command, Session};
use scheduler::event::teams::{TeamBoard, TeamsBye, match_teams};
use scheduler::event::{Event, ResultKey, ResultValue, Scoring};
use scheduler::model::{Absence, Roster};
use scheduler::solver::Control;
use std::collections::HashSet;

const BOARDS: u32 = 4;

/// A Swiss of `teams` numbered teams over `rounds` rounds of four-board matches.
pub(crate) fn swiss(teams: usize, rounds: usize) -> Event {
    let mut spec = NewEvent::new("Swiss teams", EventFormat::Teams, Roster::numbered(teams));
    spec.options.swiss = true;
    spec.options.rounds = Some(rounds);
    spec.options.boards_per_round = BOARDS;
    build_event(&spec, &Control::unlimited()).unwrap().0
}

/// A board's result between two teams (by entrant index): the lower-numbered team is the
/// stronger and tends to gain, with swings that differ from board to board; every other
/// board entered as the net score, the rest as both tables' scores.
pub(crate) fn board(home: usize, away: usize, deal: u32) -> TeamBoard {
    let edge = (away as i32 - home as i32) * 40;
    let swing = ((deal as i32 * 13 + home as i32 * 5 + away as i32 * 3) % 11 - 5) * 70;
    let net = edge + swing;
    if deal.is_multiple_of(2) {
        TeamBoard::Net { net }
    } else {
        let table2 = if deal % 4 == 1 { 420 } else { -100 };
        TeamBoard::Tables {
            table1_ns: table2 + net,
            table2_ns: table2,
        }
    }
}

/// Enters every board of every match of `round`, through the session (every match a head-on
/// one).
pub(crate) fn enter_round(session: &mut Session, round: u32) {
    let played = session.event().schedule.round(round).unwrap().clone();
    assert!(
        played.tables.iter().all(|t| match_teams(t).is_some()),
        "round {round} has a match that is not head-on"
    );
    enter_head_on(session, round);
}

/// Enters every board of every head-on match of `round`, through the session (a three-way
/// match's boards are left out).
pub(crate) fn enter_head_on(session: &mut Session, round: u32) {
    let event = session.event().clone();
    let played = event.schedule.round(round).unwrap().clone();
    for table in &played.tables {
        let Some((home, away)) = match_teams(table) else {
            continue;
        };
        for deal in event.deals_of_round(round) {
            let key = ResultKey {
                round,
                table: table.number,
                deal,
            };
            let value = ResultValue::Teams {
                board: board(home, away, deal),
            };
            session.apply(Command::SetResult(key, value)).unwrap();
        }
    }
}

/// Pairs the next round from the standings: no team leaving, a bye for an odd count.
pub(crate) fn pair_next(session: &mut Session) {
    session
        .apply(Command::PairNextRound {
            leaving: vec![],
            odd: scheduler::swiss::OddCount::Bye,
        })
        .unwrap();
}

/// Every pair of teams that met, and how often; every team's byes.
fn meetings(event: &Event) -> (Vec<(usize, usize)>, Vec<usize>) {
    let mut met = Vec::new();
    let mut byes = Vec::new();
    for round in &event.schedule.rounds {
        for table in &round.tables {
            let (h, a) = match_teams(table).unwrap();
            met.push((h.min(a), h.max(a)));
        }
        byes.extend(
            round
                .absent
                .iter()
                .filter(|a| a.kind == Absence::Bye)
                .map(|a| a.entrant),
        );
    }
    (met, byes)
}

#[test]
fn a_nine_team_swiss_is_paired_round_by_round_without_repeats_or_second_byes() {
    let path = scratch("teams", "swiss9.tourney");
    let mut session = Session::create(&path, &swiss(9, 6)).unwrap();
    // Round 1: seeds in roster order, top half against bottom half, the last team's bye.
    let first = session.event().schedule.round(1).unwrap().clone();
    let pairs: Vec<(usize, usize)> = first.tables.iter().map(|t| match_teams(t).unwrap()).collect();
    assert_eq!(pairs, [(0, 4), (1, 5), (2, 6), (3, 7)]);
    assert_eq!(first.absent.len(), 1);
    assert_eq!((first.absent[0].entrant, first.absent[0].kind), (8, Absence::Bye));

    // Not before the round is complete: the refusal names the match and the boards missing.
    let refused = session
        .apply(Command::PairNextRound {
            leaving: vec![],
            odd: scheduler::swiss::OddCount::Bye,
        })
        .unwrap_err()
        .to_string();
    assert!(refused.contains("round 1 is not complete"), "{refused}");
    assert!(
        refused.contains("match 1 (Player 1 v Player 5) has no result for board(s) 1, 2, 3, 4"),
        "{refused}"
    );

    for round in 1..=6u32 {
        enter_round(&mut session, round);
        if round == 6 {
            break;
        }
        // The standings the pairing reads: best first.
        let order: Vec<String> = session.standings()[0].rows.iter().map(|r| r[1].clone()).collect();
        let applied = session
            .apply(Command::PairNextRound {
                leaving: vec![],
                odd: scheduler::swiss::OddCount::Bye,
            })
            .unwrap();
        assert!(
            applied
                .message
                .starts_with(&format!("Round {} paired", round + 1)),
            "{}",
            applied.message
        );
        let event = session.event();
        let paired = event.schedule.round(round + 1).unwrap();
        // The top team meets the highest-placed team it has not met.
        let name = |e: usize| event.schedule.entrants[e].clone();
        let (h, a) = match_teams(&paired.tables[0]).unwrap();
        let (met, _) = meetings(event);
        let met_before: HashSet<(usize, usize)> = met
            .iter()
            .copied()
            .take(met.len() - paired.tables.len())
            .collect();
        let index = |n: &str| event.schedule.entrants.iter().position(|e| e == n).unwrap();
        let top = index(&order[0]);
        let bye = paired.absent.first().map(|a| a.entrant);
        let expected = order[1..]
            .iter()
            .map(|n| index(n))
            .filter(|&o| Some(o) != bye)
            .find(|&o| !met_before.contains(&(top.min(o), top.max(o))))
            .unwrap();
        // The top team meets the highest-placed team it has not met, unless that would leave
        // the teams below with no pairing free of repeats: then the message says why not.
        if bye != Some(top) {
            assert_eq!(
                name(h),
                name(top),
                "round {}: the top team's match comes first",
                round + 1
            );
            if a != expected {
                let why = format!("{} meets {}, not ", name(top), name(a));
                assert!(
                    applied.message.contains(&why),
                    "round {}: {}",
                    round + 1,
                    applied.message
                );
            }
        }
    }
    let event = session.event();
    assert_eq!(event.schedule.rounds.len(), 6);
    let (met, byes) = meetings(event);
    let distinct: HashSet<_> = met.iter().collect();
    assert_eq!(distinct.len(), met.len(), "no two teams meet twice: {met:?}");
    let distinct_byes: HashSet<_> = byes.iter().collect();
    assert_eq!(
        (byes.len(), distinct_byes.len()),
        (6, 6),
        "six byes, no team twice: {byes:?}"
    );
    // The schedule as kept passes the general verifier.
    let report = scheduler::verify::verify(&event.schedule);
    assert!(report.is_valid(), "{report:?}");

    // All six rounds paired: a seventh is refused with the reason.
    let refused = session
        .apply(Command::PairNextRound {
            leaving: vec![],
            odd: scheduler::swiss::OddCount::Bye,
        })
        .unwrap_err()
        .to_string();
    assert!(
        refused.contains("all 6 rounds of the Swiss are paired"),
        "{refused}"
    );

    // The standings: 24 matches of 20 VPs, six byes of 12; every team played 5 and had one bye.
    let table = &session.standings()[0];
    assert_eq!(table.columns[2], "VPs");
    let total: f64 = table.rows.iter().map(|r| r[2].parse::<f64>().unwrap()).sum();
    assert!(
        (total - (24.0 * 20.0 + 6.0 * 12.0)).abs() < 1e-6,
        "VPs in all: {total}"
    );
    assert!(
        table.rows.iter().all(|r| r[3] == "5" || r[3] == "6"),
        "{:?}",
        table.rows
    );
    assert_eq!(
        table
            .rows
            .iter()
            .map(|r| r[4].parse::<u32>().unwrap())
            .sum::<u32>(),
        6
    );
}

#[test]
fn a_pairing_is_taken_back_by_undo_and_made_once_by_two_writers() {
    let path = scratch("teams", "two-writers.tourney");
    let mut one = Session::create(&path, &swiss(6, 5)).unwrap();
    enter_round(&mut one, 1);
    let mut two = Session::open(&path).unwrap();
    one.apply(Command::PairNextRound {
        leaving: vec![],
        odd: scheduler::swiss::OddCount::Bye,
    })
    .unwrap();
    // The second writer read the event before the pairing: its request is checked against
    // the file as stored, where round 2 has no results yet.
    let refused = two
        .apply(Command::PairNextRound {
            leaving: vec![],
            odd: scheduler::swiss::OddCount::Bye,
        })
        .unwrap_err()
        .to_string();
    assert!(refused.contains("round 2 is not complete"), "{refused}");
    two.refresh().unwrap();
    assert_eq!(two.event().schedule.rounds.len(), 2);

    // Undo takes the round back; redo puts the same round back.
    let paired = one.event().schedule.rounds[1].clone();
    let undone = one.undo().unwrap().unwrap();
    assert!(undone.what.contains("round 2 paired"), "{}", undone.what);
    assert_eq!(one.event().schedule.rounds.len(), 1);
    one.redo().unwrap().unwrap();
    assert_eq!(one.event().schedule.rounds[1], paired);
}

#[test]
fn teams_results_are_checked_against_the_match_and_its_boards() {
    let path = scratch("teams", "checks.tourney");
    let mut session = Session::create(&path, &swiss(4, 3)).unwrap();
    let net = |net| ResultValue::Teams {
        board: TeamBoard::Net { net },
    };
    let key = |table, deal| ResultKey {
        round: 1,
        table,
        deal,
    };
    let refused =
        |session: &mut Session, k, v| session.apply(Command::SetResult(k, v)).unwrap_err().to_string();
    assert!(refused(&mut session, key(1, 5), net(100)).contains("round 1 plays boards 1–4, not board 5"));
    assert!(refused(&mut session, key(3, 1), net(100)).contains("round 1 has no table 3"));
    assert!(refused(&mut session, key(1, 1), net(95)).contains("multiple of 10"));
    let tables = ResultValue::Teams {
        board: TeamBoard::Tables {
            table1_ns: 7610,
            table2_ns: 0,
        },
    };
    assert!(refused(&mut session, key(1, 1), tables).contains("at most 7600"));
    // A chess result in a teams event names what to enter instead.
    let wrong = ResultValue::Score { home: 1.0, away: 0.0 };
    assert!(refused(&mut session, key(1, 1), wrong).contains("--score T1,T2"));
    session.apply(Command::SetResult(key(1, 1), net(-450))).unwrap();
}

#[test]
fn byes_score_as_the_club_decides_and_a_round_robin_is_not_paired() {
    let mut spec = NewEvent::new("League", EventFormat::Teams, Roster::numbered(5));
    spec.options.boards_per_round = 2;
    spec.options.teams_bye = Some(TeamsBye::Average);
    let (event, _) = build_event(&spec, &Control::unlimited()).unwrap();
    assert!(matches!(
        event.settings.scoring,
        Scoring::Teams {
            bye: TeamsBye::Average,
            ..
        }
    ));
    // A round robin of five teams: five rounds, a bye each round, made at once.
    assert_eq!(event.schedule.rounds.len(), 5);
    let path = scratch("teams", "round-robin.tourney");
    let mut session = Session::create(&path, &event).unwrap();
    let refused = session
        .apply(Command::PairNextRound {
            leaving: vec![],
            odd: scheduler::swiss::OddCount::Bye,
        })
        .unwrap_err()
        .to_string();
    assert!(refused.contains("round robin"), "{refused}");

    // A bye of 25 VPs is more than a match can give: refused when the event is made.
    let mut spec = NewEvent::new("Swiss", EventFormat::Teams, Roster::numbered(5));
    spec.options.swiss = true;
    spec.options.rounds = Some(3);
    spec.options.teams_bye = Some(TeamsBye::Fixed { hundredths: 2500 });
    let problem = build_event(&spec, &Control::unlimited()).unwrap_err().message;
    assert!(problem.contains("a bye scores from 0.00 to 20.00"), "{problem}");
    // A Swiss needs its rounds.
    spec.options.teams_bye = None;
    spec.options.rounds = None;
    let problem = build_event(&spec, &Control::unlimited()).unwrap_err().message;
    assert!(problem.contains("--rounds"), "{problem}");
}

#[test]
fn a_pairing_is_changed_by_hand_before_its_round_is_played() {
    let path = scratch("teams", "swap.tourney");
    let mut session = Session::create(&path, &swiss(5, 4)).unwrap();
    // Round 1: 1 v 3, 2 v 4, and team 5 has the bye.
    let swap = |session: &mut Session, round, first, second| {
        session.apply(Command::SwapTeams { round, first, second })
    };
    // Two teams of different matches change opponents, each keeping its seat.
    let said = swap(&mut session, 1, 0, 1).unwrap().message;
    let round = session.event().schedule.round(1).unwrap().clone();
    let pairs: Vec<(usize, usize)> = round.tables.iter().map(|t| match_teams(t).unwrap()).collect();
    assert_eq!(pairs, [(1, 2), (0, 3)], "{said}");
    assert!(said.contains("Player 1 and Player 2 swapped"), "{said}");
    // A team swapped with the bye takes the bye.
    swap(&mut session, 1, 3, 4).unwrap();
    let round = session.event().schedule.round(1).unwrap().clone();
    assert_eq!(round.absent[0].entrant, 3);
    assert_eq!(match_teams(&round.tables[1]).unwrap(), (0, 4));
    // Undo takes the last change back.
    session.undo().unwrap().unwrap();
    assert_eq!(session.event().schedule.round(1).unwrap().absent[0].entrant, 4);

    // Once the round has results, or once it is followed by another, it stays as it is.
    enter_round(&mut session, 1);
    let refused = swap(&mut session, 1, 0, 2).unwrap_err().to_string();
    assert!(refused.contains("round 1 has results already"), "{refused}");
    session
        .apply(Command::PairNextRound {
            leaving: vec![],
            odd: scheduler::swiss::OddCount::Bye,
        })
        .unwrap();
    let refused = swap(&mut session, 1, 0, 2).unwrap_err().to_string();
    assert!(
        refused.contains("only the last round paired (round 2)"),
        "{refused}"
    );
    // A swap that makes a repeat meeting is allowed (the director's choice) and said.
    let round2 = session.event().schedule.round(2).unwrap().clone();
    let (h, a) = match_teams(&round2.tables[0]).unwrap();
    let round1 = session.event().schedule.round(1).unwrap().clone();
    // The team h met in round 1 (h may have had the bye then: then its opponent's does).
    let (team, met) = [h, a]
        .iter()
        .find_map(|&t| {
            round1
                .tables
                .iter()
                .filter_map(match_teams)
                .find(|&(x, y)| x == t || y == t)
                .map(|(x, y)| (t, if x == t { y } else { x }))
        })
        .unwrap();
    let other = if team == h { a } else { h };
    let said = swap(&mut session, 2, other, met).unwrap().message;
    assert!(
        said.contains("this is a repeat meeting: they met in round(s) 1"),
        "{said}"
    );
    // A withdrawal in a Swiss is given when the next round is paired: refused here, saying how.
    let refused = session
        .apply(Command::Withdraw {
            entrant: 0,
            after_round: 1,
        })
        .unwrap_err()
        .to_string();
    assert!(refused.contains("pair-next EVENT --without NAME"), "{refused}");
    assert!(
        swap(&mut session, 2, 0, 0)
            .unwrap_err()
            .to_string()
            .contains("cannot be swapped with itself")
    );
    assert!(
        swap(&mut session, 2, 0, 9)
            .unwrap_err()
            .to_string()
            .contains("there is no team 10")
    );
}

#[test]
fn a_board_typed_back_reads_as_the_same_board() {
    use scheduler::event::entry::parse_team_board;
    for board in [
        TeamBoard::Tables {
            table1_ns: 420,
            table2_ns: -170,
        },
        TeamBoard::Tables {
            table1_ns: -7600,
            table2_ns: 0,
        },
        TeamBoard::Net { net: 590 },
        TeamBoard::Net { net: -50 },
    ] {
        assert_eq!(parse_team_board(&board.typed()), Ok(board), "{}", board.typed());
    }
    assert_eq!(parse_team_board("NET: +30"), Ok(TeamBoard::Net { net: 30 }));
    assert_eq!(
        parse_team_board("420/-170"),
        Ok(TeamBoard::Tables {
            table1_ns: 420,
            table2_ns: -170
        })
    );
    assert!(
        parse_team_board("420")
            .unwrap_err()
            .contains("give the N-S score at table 1 and at table 2")
    );
    assert!(parse_team_board("net x").unwrap_err().contains("is not a score"));
}

#[test]
fn a_late_team_joins_and_a_team_withdraws_between_rounds() {
    let path = scratch("teams", "late.tourney");
    let mut session = Session::create(&path, &swiss(6, 4)).unwrap();
    enter_round(&mut session, 1);
    let late = |name: &str, before_round| Command::LateArrival {
        name: name.into(),
        before_round,
        missed: scheduler::movement::MissedBoards::NotPlayed,
    };
    // Only the next round to be paired can be joined.
    let refused = session
        .apply(late("Latecomers", Some(1)))
        .unwrap_err()
        .to_string();
    assert!(
        refused.contains("joins the next round to be paired (round 2)"),
        "{refused}"
    );
    let said = session.apply(late("Latecomers", None)).unwrap().message;
    assert!(said.contains("Latecomers is paired from round 2 on"), "{said}");
    assert_eq!(session.event().schedule.entrants.len(), 7);
    let round1 = session.event().schedule.round(1).unwrap().clone();
    assert!(
        round1
            .absent
            .iter()
            .any(|a| a.entrant == 6 && a.kind == Absence::Late)
    );
    // Team 2 withdraws as round 2 is paired: seven teams less one, six play, no bye.
    let said = session
        .apply(Command::PairNextRound {
            leaving: vec![1],
            odd: scheduler::swiss::OddCount::Bye,
        })
        .unwrap()
        .message;
    let round2 = session.event().schedule.round(2).unwrap().clone();
    let seated: HashSet<usize> = round2
        .tables
        .iter()
        .flat_map(|t| t.seats.iter().map(|s| s.entrant))
        .collect();
    assert_eq!(round2.tables.len(), 3, "{said}");
    assert!(seated.contains(&6), "the late team plays round 2");
    assert!(!seated.contains(&1), "the team that left does not");
    assert!(
        round2
            .absent
            .iter()
            .any(|a| a.entrant == 1 && a.kind == Absence::Left)
    );
    assert!(!round2.absent.iter().any(|a| a.kind == Absence::Bye));
    // It stays out of later rounds, and keeps its round-1 result in the standings.
    enter_round(&mut session, 2);
    session
        .apply(Command::PairNextRound {
            leaving: vec![],
            odd: scheduler::swiss::OddCount::Bye,
        })
        .unwrap();
    let round3 = session.event().schedule.round(3).unwrap().clone();
    assert!(
        round3
            .tables
            .iter()
            .all(|t| t.seats.iter().all(|s| s.entrant != 1))
    );
    assert!(
        round3
            .absent
            .iter()
            .any(|a| a.entrant == 1 && a.kind == Absence::Left)
    );
    let standings = &session.standings()[0];
    let row = standings.rows.iter().find(|r| r[1] == "Player 2").unwrap();
    assert_eq!(row[3], "1", "played one match: {row:?}");
    // Leaving twice, or a team the event does not have, is refused.
    enter_round(&mut session, 3);
    let refused = session
        .apply(Command::PairNextRound {
            leaving: vec![1],
            odd: scheduler::swiss::OddCount::Bye,
        })
        .unwrap_err()
        .to_string();
    assert!(refused.contains("Player 2 has left already"), "{refused}");
    let refused = session
        .apply(Command::PairNextRound {
            leaving: vec![9],
            odd: scheduler::swiss::OddCount::Bye,
        })
        .unwrap_err()
        .to_string();
    assert!(refused.contains("there is no team 10"), "{refused}");
    let report = scheduler::verify::verify(&session.event().schedule);
    assert!(report.is_valid(), "{report:?}");
}

#[test]
fn the_results_site_shows_each_match_with_its_boards_imps_and_vps() {
    let path = scratch("teams", "site.tourney");
    let mut session = Session::create(&path, &swiss(4, 3)).unwrap();
    enter_round(&mut session, 1);
    // One board of round 1's second match is taken back: that match shows what is missing.
    let cleared = ResultKey {
        round: 1,
        table: 2,
        deal: 4,
    };
    session.apply(Command::ClearResult(cleared)).unwrap();
    let event = session.event().clone();
    let card = scheduler::event::teams::match_card(&event, session.results(), 1, 1).unwrap();
    assert_eq!((card.home, card.away), (0, 2));
    assert_eq!(card.boards.len(), 4);
    // Board 1, entered as both tables' scores: its IMPs are the net score's on the WBF scale.
    let net = match card.boards[0].board.unwrap() {
        TeamBoard::Tables { table1_ns, table2_ns } => table1_ns - table2_ns,
        TeamBoard::Net { net } => net,
    };
    assert_eq!(
        card.boards[0].home_imps,
        Some(scheduler::scoring::bridge::imps(net))
    );
    let (imps, points) = card.score.unwrap();
    assert_eq!(points[0] + points[1], 2000, "20 VPs between the two");
    let won: i32 = card.boards.iter().map(|b| b.home_imps.unwrap().max(0)).sum();
    assert_eq!(imps[0] as i32, won);

    let site = scheduler::sheets::site::results_site(&event, session.results(), &Default::default());
    let page = String::from_utf8(site.file("round-1.html").unwrap().bytes.clone()).unwrap();
    let summary = card.summary(scheduler::event::teams::TeamsScoring::Wbf2013);
    assert!(
        summary.starts_with(&format!("IMPs {}–{}, VPs ", imps[0], imps[1])),
        "{summary}"
    );
    assert!(page.contains(&summary), "{page}");
    assert!(page.contains("<h2>Match 1: Player 1 v Player 3</h2>"), "{page}");
    assert!(page.contains("3 of 4 boards entered"), "{page}");
    assert!(page.contains("IMPs to Player 1"), "{page}");
}

/// A roster of players with their teams makes one entrant a team, its players kept with
/// their member numbers (an ugly file: semicolons, spacing, a team's name in two cases), in
/// the event file and read back; a team short of four is said; a player without a team is
/// refused naming the player; a list of teams headed "Team" is told the column to call "name".
#[test]
fn a_players_roster_makes_one_entrant_a_team_with_its_players() {
    use scheduler::event::store::EventFile;
    use scheduler::roster_import::import_roster_file;
    let dir = super::common::scratch("teams", "rosters");
    std::fs::create_dir_all(&dir).unwrap();
    let players = dir.join("players.csv");
    std::fs::write(
        &players,
        "Name;Team;EBU\nAnn  Archer;Aces;007341\nBob Brown;Aces;\nCy Carter; Barons ;118906\n\
         Di Dean;aces;\nEd Evans;Barons;\nFay Ford;Aces;\nGus Grey;Barons;\nHal Hope;Clubs;\n\
         Ida Ives;Clubs;\nJo Jones;Clubs;\nKit King;Clubs;\nLen Lamb;Clubs;\nMo Moss;Clubs;\n",
    )
    .unwrap();
    let read = import_roster_file(&players);
    assert!(read.is_ok(), "{:?}", read.problems);
    let mut spec = NewEvent::new("Players", EventFormat::Teams, read.roster.clone());
    spec.options.swiss = true;
    spec.options.rounds = Some(2);
    let (event, notes) = build_event(&spec, &Control::unlimited()).unwrap();
    let teams: Vec<(&str, String)> = event
        .roster
        .players
        .iter()
        .map(|t| (t.name.as_str(), t.describe_members()))
        .collect();
    assert_eq!(
        teams,
        vec![
            (
                "Aces",
                "Ann Archer (007341), Bob Brown, Di Dean, Fay Ford".to_owned()
            ),
            ("Barons", "Cy Carter (118906), Ed Evans, Gus Grey".to_owned()),
            (
                "Clubs",
                "Hal Hope, Ida Ives, Jo Jones, Kit King, Len Lamb, Mo Moss".to_owned()
            ),
        ]
    );
    assert_eq!(event.schedule.entrants, vec!["Aces", "Barons", "Clubs"]);
    assert!(
        notes
            .iter()
            .any(|n| n == "13 players in 3 teams, read from the roster's team column"),
        "{notes:?}"
    );
    assert!(
        notes
            .iter()
            .any(|n| n.starts_with("Barons has 3 player(s) (Cy Carter (118906), Ed Evans, Gus Grey)")),
        "{notes:?}"
    );
    assert_eq!(
        notes.iter().filter(|n| n.contains(" player(s) (")).count(),
        1,
        "{notes:?}"
    );
    // Kept in the event file and read back.
    let path = dir.join("players.tourney");
    let _ = std::fs::remove_file(&path);
    EventFile::create(&path, &event).unwrap();
    let stored = EventFile::open(&path).unwrap();
    assert_eq!(stored.event().roster, event.roster);
    // A player without a team among players with one.
    let mut roster = read.roster;
    roster.players[4].team = None;
    let spec = NewEvent::new("Players", EventFormat::Teams, roster);
    let refused = build_event(&spec, &Control::unlimited()).unwrap_err().message;
    assert!(
        refused.starts_with("player 5 in the roster (Ed Evans) has no team"),
        "{refused}"
    );
    let teams = dir.join("teams.csv");
    std::fs::write(&teams, "Team\nAces\nBarons\n").unwrap();
    let read = import_roster_file(&teams);
    let refused = read
        .problems
        .errors()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(refused.contains("teams.csv, line 1: no name column"), "{refused}");
    assert!(
        refused.contains("head the column of team names \"name\""),
        "{refused}"
    );
}

/// The other two layouts of a teams entry sheet: one team a row with a column for each player
/// ("Captain", "EBU 1", "Player 2" … "Player 6", empty slots skipped, a column not understood
/// said), and one pair a row with its team; both make the same kind of teams, with the
/// players' numbers, and every message keeps the file's line.
#[test]
fn rosters_of_one_team_a_row_and_of_pairs_with_their_team() {
    use scheduler::roster_import::{RosterLayout, import_roster_file};
    let dir = super::common::scratch("teams", "team-rows");
    std::fs::create_dir_all(&dir).unwrap();
    let rows = dir.join("entries.csv");
    std::fs::write(
        &rows,
        "Team,Captain,EBU 1,Player 2,EBU 2,Player 3,EBU 3,Player 4,EBU 4,Player 5,EBU 5,Player 6,EBU 6,Notes\n\
         Aces,Ann Archer,007341,Bob Brown,,Di Dean,,Fay Ford,,,,,,paid\n\
         Barons,Cy Carter,118906,Ed Evans,,Gus Grey,,,,,,,,\n\
         \"Clubs & Co\",Hal Hope,,Ida Ives,,Jo Jones,,Kit King,,Len Lamb,,Mo Moss,,\n\
         Diamonds,,,Ned Nash,,Olga Owen,,Pat Page,55,Quin Quest,,,,\n\
         Eagles,Ray Rich,,,,Sam Stone,1.23457E+11,,,,,,,\n",
    )
    .unwrap();
    let read = import_roster_file(&rows);
    assert_eq!(read.layout, RosterLayout::TeamRows);
    let problems: Vec<String> = read.problems.list.iter().map(|p| p.to_string()).collect();
    assert!(
        problems
            .iter()
            .any(|p| p.contains("line 1, field \"Notes\": column not recognised")),
        "{problems:?}"
    );
    // Excel's scientific notation in a number is caught on the team's own line.
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("error: ") && p.contains("entries.csv, line 6")),
        "{problems:?}"
    );
    assert!(!read.is_ok());
    // Without the damaged number the file is used.
    let text = std::fs::read_to_string(&rows).unwrap().replace("1.23457E+11", "");
    std::fs::write(&rows, text).unwrap();
    let read = import_roster_file(&rows);
    assert!(read.is_ok(), "{:?}", read.problems);
    let spec = NewEvent::new("Rows", EventFormat::Teams, read.roster);
    let (event, notes) = build_event(&spec, &Control::unlimited()).unwrap();
    let teams: Vec<(&str, String)> = event
        .roster
        .players
        .iter()
        .map(|t| (t.name.as_str(), t.describe_members()))
        .collect();
    assert_eq!(
        teams,
        vec![
            (
                "Aces",
                "Ann Archer (007341), Bob Brown, Di Dean, Fay Ford".to_owned()
            ),
            ("Barons", "Cy Carter (118906), Ed Evans, Gus Grey".to_owned()),
            (
                "Clubs & Co",
                "Hal Hope, Ida Ives, Jo Jones, Kit King, Len Lamb, Mo Moss".to_owned()
            ),
            (
                "Diamonds",
                "Ned Nash, Olga Owen, Pat Page (55), Quin Quest".to_owned()
            ),
            ("Eagles", "Ray Rich, Sam Stone".to_owned()),
        ]
    );
    assert!(
        notes.iter().any(|n| n.starts_with("Eagles has 2 player(s)")),
        "{notes:?}"
    );
    // One pair a row with its team: the team's players are both pairs'.
    let pairs = dir.join("pairs.csv");
    std::fs::write(
        &pairs,
        "Team,Player 1,EBU 1,Player 2,EBU 2\nAces,Ann,12,Bob,\nKings,Ed,,Fay,\nAces,Cy,,Di,\nKings,Gus,,Hal,\n",
    )
    .unwrap();
    let read = import_roster_file(&pairs);
    assert_eq!(read.layout, RosterLayout::PairRows);
    let spec = NewEvent::new("Pairs", EventFormat::Teams, read.roster);
    let (event, notes) = build_event(&spec, &Control::unlimited()).unwrap();
    let squads: Vec<String> = event
        .roster
        .players
        .iter()
        .map(|t| t.describe_members())
        .collect();
    assert_eq!(squads, ["Ann (12), Bob, Cy, Di", "Ed, Fay, Gus, Hal"]);
    assert!(
        notes.contains(&"8 players in 2 teams, read from the roster's team column".to_owned()),
        "{notes:?}"
    );
}

/// A Swiss teams event on the ACBL 30-VP scale (7-board matches): each match's points are the
/// published row for its margin, 30 between the two teams; the usual bye is 18 (60%); a
/// match length the scale has no column for, a three-way match and a Swiss pairs event on it
/// are refused with the reason.
#[test]
fn a_swiss_on_the_acbl_30_vp_scale_scores_each_match_from_the_published_rows() {
    use scheduler::event::teams::TeamsScoring;
    use scheduler::scoring::victory_points::{VpScale, victory_points};
    let make = |teams: usize, change: &dyn Fn(&mut NewEvent)| {
        let mut spec = NewEvent::new("ACBL Swiss", EventFormat::Teams, Roster::numbered(teams));
        spec.options.swiss = true;
        spec.options.rounds = Some(3);
        spec.options.boards_per_round = 7;
        spec.options.teams_scoring = TeamsScoring::Acbl30;
        change(&mut spec);
        build_event(&spec, &Control::unlimited()).map(|made| made.0)
    };
    let event = make(9, &|_| ()).unwrap();
    let Scoring::Teams { bye, .. } = event.settings.scoring else {
        panic!("a teams event");
    };
    assert_eq!(bye, TeamsBye::Fixed { hundredths: 1800 });
    let refused = make(8, &|s| s.options.boards_per_round = 4)
        .unwrap_err()
        .to_string();
    assert!(refused.contains("6 to 11 boards"), "{refused}");
    let refused = make(9, &|s| s.options.three_way = true).unwrap_err().to_string();
    assert!(refused.contains("three-way match"), "{refused}");
    let refused = make(8, &|s| s.options.format = EventFormat::BridgePairs)
        .unwrap_err()
        .to_string();
    assert!(
        refused.contains("the ACBL scales are for team matches"),
        "{refused}"
    );

    let path = scratch("teams-event", "acbl30.tourney");
    let mut session = Session::create(&path, &make(8, &|_| ()).unwrap()).unwrap();
    enter_round(&mut session, 1);
    let event = session.event().clone();
    let mut expected = [0i64; 8];
    for table in &event.schedule.round(1).unwrap().tables {
        let (home, away) = match_teams(table).unwrap();
        let margin: i64 = event
            .deals_of_round(1)
            .map(|deal| {
                let net = match board(home, away, deal) {
                    TeamBoard::Net { net } => net,
                    TeamBoard::Tables { table1_ns, table2_ns } => table1_ns - table2_ns,
                };
                i64::from(scheduler::scoring::bridge::imps(net))
            })
            .sum();
        let split = victory_points(VpScale::Acbl30, 7, margin.unsigned_abs() as f64).unwrap();
        let (w, l) = (
            i64::from(split.winner.hundredths()),
            i64::from(split.loser.hundredths()),
        );
        assert_eq!(w + l, 3000);
        let (h, a) = if margin >= 0 { (w, l) } else { (l, w) };
        expected[home] += h;
        expected[away] += a;
    }
    let table = &session.standings()[0];
    for row in &table.rows {
        let team = event.schedule.entrants.iter().position(|e| *e == row[1]).unwrap();
        assert_eq!(
            row[2],
            format!("{:.2}", expected[team] as f64 / 100.0),
            "{}",
            row[1]
        );
        // Whole VPs only on a discrete scale.
        assert!(row[2].ends_with(".00"), "{row:?}");
    }
    assert!(table.note.as_deref().unwrap().contains("ACBL 30-VP scale"));
}

/// A teams entry sheet that names only each team's captain ("Team, Captain, Captain's EBU")
/// is one team a row (it was refused: "no name column"): each team gets its captain, with the
/// number, and the event says the others are still to come.
#[test]
fn an_entry_sheet_of_teams_and_their_captains_makes_the_teams() {
    use scheduler::roster_import::{RosterLayout, import_roster_file};
    let dir = super::common::scratch("teams", "captains");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("captains.csv");
    std::fs::write(
        &file,
        "Team;Captain;Captain's EBU\r\nAces;Ann Archer;007341\r\n Barons ;Cy Carter;\r\nClubs;Hal Hope;118906\r\n",
    )
    .unwrap();
    let read = import_roster_file(&file);
    assert!(read.is_ok(), "{:?}", read.problems);
    assert_eq!(read.layout, RosterLayout::TeamRows);
    let spec = NewEvent::new("Captains", EventFormat::Teams, read.roster);
    let (event, notes) = build_event(&spec, &Control::unlimited()).unwrap();
    let teams: Vec<(&str, String)> = event
        .roster
        .players
        .iter()
        .map(|t| (t.name.as_str(), t.describe_members()))
        .collect();
    assert_eq!(
        teams,
        [
            ("Aces", "Ann Archer (007341)".to_owned()),
            ("Barons", "Cy Carter".to_owned()),
            ("Clubs", "Hal Hope (118906)".to_owned())
        ]
    );
    assert!(
        notes.iter().any(|n| n.starts_with("Aces has 1 player(s)")),
        "{notes:?}"
    );
}
