//! Issue 45: the USEBIO file of a teams event (its teams structure as a published reader of
//! USEBIO files takes it: `event::usebio_matches`), read back as XML and checked against the
//! standings and the matches; the events it is not written for refuse with the reason.

use super::teams_event::{enter_round, pair_next};
use super::who_played::{bye_team, five_teams};
use scheduler::event::session::Command;

/// The USEBIO file as XML (its DOCTYPE allowed); a file that is not well-formed fails the test.
fn parse(xml: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse_with_options(
        xml,
        roxmltree::ParsingOptions {
            allow_dtd: true,
            ..Default::default()
        },
    )
    .unwrap_or_else(|e| panic!("not well-formed XML: {e}\n{xml}"))
}

fn child<'a, 'i>(node: roxmltree::Node<'a, 'i>, name: &str) -> roxmltree::Node<'a, 'i> {
    node.children()
        .find(|c| c.has_tag_name(name))
        .unwrap_or_else(|| panic!("no {name} under {}", node.tag_name().name()))
}

fn text<'a>(node: roxmltree::Node<'a, '_>, name: &str) -> &'a str {
    child(node, name).text().unwrap_or("")
}

/// Issue 45: the USEBIO file of a Swiss teams event, read back as XML: each team with its
/// number and name (escaped), place and total as the standings say, its players and their
/// numbers; each complete match with both teams' VPs (20 between them); the bye only in its
/// team's total. A round robin is TEAMS, a knockout HEAD_TO_HEAD; board-a-match is refused.
#[test]
fn a_swiss_teams_event_is_written_as_usebio_with_its_teams_and_matches() {
    use scheduler::event::standings::standings;
    use scheduler::event::usebio::usebio_xml;
    let mut session = five_teams("usebio-teams.tourney");
    let mut roster = session.event().roster.clone();
    roster.players[4].name = "Hearts & \"Spades\" <B>".to_owned();
    session.apply(Command::SetRoster(roster)).unwrap();
    enter_round(&mut session, 1);
    pair_next(&mut session);
    enter_round(&mut session, 2);
    let event = session.event();
    let xml = usebio_xml(event, session.results(), "9.9").unwrap();
    let doc = parse(&xml);
    let ev = child(doc.root_element(), "EVENT");
    assert_eq!(ev.attribute("EVENT_TYPE"), Some("SWISS_TEAMS"));
    assert_eq!(text(ev, "PROGRAM_VERSION"), "9.9");
    assert_eq!(text(ev, "BOARD_SCORING_METHOD"), "IMPS");
    assert_eq!(text(ev, "MATCH_SCORING_METHOD"), "VPS");
    assert_eq!(text(ev, "BOARDS_PER_ROUND"), "4");
    assert_eq!(text(ev, "BOARDS_PLAYED"), "8");
    let section = child(child(ev, "SESSION"), "SECTION");
    let teams: Vec<_> = child(section, "PARTICIPANTS")
        .children()
        .filter(|c| c.has_tag_name("TEAM"))
        .collect();
    // The standings, line by line: place, team, points.
    let tables = standings(event, session.results());
    let at = |name: &str| tables[0].columns.iter().position(|c| c == name).unwrap();
    let (rank, name, vps) = (at("Rank"), at("Team"), at("VPs"));
    assert_eq!(teams.len(), 5);
    for (team, row) in teams.iter().zip(&tables[0].rows) {
        assert_eq!(team.attribute("TEAM_NAME"), Some(row[name].as_str()));
        assert_eq!(text(*team, "PLACE"), row[rank]);
        assert_eq!(text(*team, "TOTAL_SCORE"), row[vps]);
        let number: usize = team.attribute("TEAM_ID").unwrap().parse().unwrap();
        assert_eq!(event.schedule.entrants[number - 1], row[name]);
    }
    let first = teams
        .iter()
        .find(|t| t.attribute("TEAM_ID") == Some("1"))
        .unwrap();
    let players: Vec<(&str, &str)> = first
        .children()
        .filter(|c| c.has_tag_name("PLAYER"))
        .map(|p| {
            let number = p.children().find(|c| c.has_tag_name("NATIONAL_ID_NUMBER"));
            (
                text(p, "PLAYER_NAME"),
                number.and_then(|n| n.text()).unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(players[0], ("Ann Archer", "007341"));
    assert_eq!(players[3], ("Di Dean", "22"));
    assert_eq!(players.len(), 6);
    assert!(
        xml.contains("TEAM_NAME=\"Hearts &amp; &quot;Spades&quot; &lt;B&gt;\""),
        "{xml}"
    );
    // Two matches a round (five teams: a bye each round), both complete.
    let matches: Vec<_> = section.children().filter(|c| c.has_tag_name("MATCH")).collect();
    assert_eq!(matches.len(), 4);
    let mut vps = [0.0f64; 5];
    for m in &matches {
        let own: f64 = text(*m, "TEAM_SCORE").parse().unwrap();
        let theirs: f64 = text(*m, "OPPOSING_TEAM_SCORE").parse().unwrap();
        assert!((own + theirs - 20.0).abs() < 1e-9, "{own} + {theirs}");
        let team: usize = text(*m, "TEAM").parse().unwrap();
        let opposing: usize = text(*m, "OPPOSING_TEAM").parse().unwrap();
        vps[team - 1] += own;
        vps[opposing - 1] += theirs;
    }
    // Each total is its matches' VPs, plus 12 for the bye.
    for team in &teams {
        let number: usize = team.attribute("TEAM_ID").unwrap().parse().unwrap();
        let byes = (1..=2).filter(|&r| bye_team(&session, r) == number - 1).count();
        let total: f64 = text(*team, "TOTAL_SCORE").parse().unwrap();
        assert!(
            (total - vps[number - 1] - 12.0 * byes as f64).abs() < 0.006,
            "team {number}"
        );
    }
}

#[test]
fn usebio_of_teams_a_round_robin_is_teams_a_knockout_one_match_and_board_a_match_refused() {
    use scheduler::event::create::{EventFormat, NewEvent, build_event};
    use scheduler::event::teams::TeamsScoring;
    use scheduler::event::usebio::usebio_xml;
    use scheduler::model::Roster;
    use scheduler::solver::Control;
    let make = |change: &dyn Fn(&mut NewEvent)| {
        let mut spec = NewEvent::new("Teams", EventFormat::Teams, Roster::numbered_teams(4));
        spec.options.boards_per_round = 4;
        change(&mut spec);
        build_event(&spec, &Control::unlimited()).unwrap().0
    };
    let results = Default::default();
    let robin = usebio_xml(&make(&|_| ()), &results, "1").unwrap();
    assert!(robin.contains("<EVENT EVENT_TYPE=\"TEAMS\">"), "{robin}");
    assert!(!robin.contains("<MATCH>"), "no match is complete yet");
    let bam = make(&|s| s.options.teams_scoring = TeamsScoring::BoardAMatch);
    let refused = usebio_xml(&bam, &results, "1").unwrap_err();
    assert!(refused.contains("written for VPs or IMPs"), "{refused}");
    // A knockout of two stanzas, 3.5 IMPs carried over to the second team: HEAD_TO_HEAD, each
    // team's total as its score sheet says, the match once every board is in.
    let knockout = make(&|s| {
        s.roster = Roster::numbered_teams(2);
        s.options.teams_scoring = TeamsScoring::Imps;
        s.options.boards_per_round = 2;
        s.options.knockout = Some(scheduler::event::knockout::Knockout {
            stanzas: 2,
            carry_over: Some(scheduler::event::knockout::CarryOver {
                team: 1,
                tenths: 35,
                from: None,
            }),
            tie_breaks: 0,
        });
    });
    let path = super::common::scratch("teams", "usebio-knockout.tourney");
    let mut session = scheduler::event::session::Session::create(&path, &knockout).unwrap();
    let nets = [590, -50, 0, -1100];
    let mut entered = 0;
    for round in 1..=2u32 {
        for deal in session.event().deals_of_round(round) {
            let key = scheduler::event::ResultKey {
                round,
                table: 1,
                deal,
            };
            let board = scheduler::event::teams::TeamBoard::Net { net: nets[entered] };
            let value = scheduler::event::ResultValue::Teams { board };
            session.apply(Command::SetResult(key, value)).unwrap();
            entered += 1;
            let xml = usebio_xml(session.event(), session.results(), "1").unwrap();
            assert!(xml.contains("<EVENT EVENT_TYPE=\"HEAD_TO_HEAD\">"), "{xml}");
            assert_eq!(xml.matches("<MATCH>").count(), usize::from(entered == 4), "{xml}");
        }
    }
    let xml = usebio_xml(session.event(), session.results(), "1").unwrap();
    let doc = parse(&xml);
    let section = child(child(child(doc.root_element(), "EVENT"), "SESSION"), "SECTION");
    let sheet = &session.standings()[0];
    let total = sheet.columns.iter().position(|c| c == "Total").unwrap();
    let teams: Vec<_> = child(section, "PARTICIPANTS")
        .children()
        .filter(|c| c.has_tag_name("TEAM"))
        .collect();
    assert_eq!(teams.len(), 2);
    for (team, row) in teams.iter().zip(&sheet.rows) {
        assert_eq!(team.attribute("TEAM_NAME"), Some(row[1].as_str()));
        assert_eq!(text(*team, "PLACE"), row[0]);
        let written: f64 = text(*team, "TOTAL_SCORE").parse().unwrap();
        let on_sheet: f64 = row[total].parse().unwrap();
        assert!((written - on_sheet).abs() < 1e-9, "{written} v {on_sheet}");
    }
    let m = child(section, "MATCH");
    let scores: Vec<f64> = ["TEAM_SCORE", "OPPOSING_TEAM_SCORE"]
        .iter()
        .map(|n| text(m, n).parse().unwrap())
        .collect();
    // The carry-over is in the second team's total: the two totals differ by more than whole IMPs.
    assert!(
        ((scores[1] - scores[0]).fract().abs() - 0.5).abs() < 1e-9,
        "{scores:?}"
    );
}

/// A Swiss pairs event of 9 pairs (a bye each round), VPs and matchpointed: SWISS_PAIRS, a
/// PAIR per pair with its place and total as the standings say, a MATCH per complete match
/// with both pairs' numbers and points (20 VPs, or 100% between them).
#[test]
fn a_swiss_pairs_event_is_written_as_usebio_with_its_pairs_and_matches() {
    use scheduler::event::create::{EventFormat, NewEvent, build_event};
    use scheduler::event::teams::{TeamsScoring, match_teams};
    use scheduler::event::usebio::usebio_xml;
    use scheduler::event::{BridgeResult, ResultKey, ResultValue};
    use scheduler::model::Roster;
    use scheduler::solver::Control;
    for (scoring, match_scoring, board_scoring, total) in [
        (TeamsScoring::Wbf2013, "VPS", "IMPS", 20.0),
        (TeamsScoring::Matchpoints, "PERCENTAGE", "MATCH_POINTS", 100.0),
    ] {
        let mut spec = NewEvent::new("Swiss pairs", EventFormat::BridgePairs, Roster::numbered(9));
        spec.options.swiss = true;
        spec.options.rounds = Some(3);
        spec.options.boards_per_round = 3;
        spec.options.teams_scoring = scoring;
        let event = build_event(&spec, &Control::unlimited()).unwrap().0;
        let path = super::common::scratch("teams", &format!("usebio-pairs-{match_scoring}.tourney"));
        let mut session = scheduler::event::session::Session::create(&path, &event).unwrap();
        let round = session.event().schedule.round(1).unwrap().clone();
        for table in &round.tables {
            let (home, away) = match_teams(table).unwrap();
            for deal in 1..=3u32 {
                let ns = [420, -100, 620][deal as usize - 1] + (away as i32 - home as i32) * 30;
                let key = ResultKey {
                    round: 1,
                    table: table.number,
                    deal,
                };
                let value = ResultValue::Bridge {
                    board: BridgeResult::NorthSouthScore { score: ns },
                };
                session.apply(Command::SetResult(key, value)).unwrap();
            }
        }
        let xml = usebio_xml(session.event(), session.results(), "1").unwrap();
        let doc = parse(&xml);
        let ev = child(doc.root_element(), "EVENT");
        assert_eq!(ev.attribute("EVENT_TYPE"), Some("SWISS_PAIRS"));
        assert_eq!(text(ev, "MATCH_SCORING_METHOD"), match_scoring);
        assert_eq!(text(ev, "BOARD_SCORING_METHOD"), board_scoring);
        assert_eq!(text(ev, "BOARDS_PER_ROUND"), "3");
        let section = child(child(ev, "SESSION"), "SECTION");
        let pairs: Vec<_> = child(section, "PARTICIPANTS")
            .children()
            .filter(|c| c.has_tag_name("PAIR"))
            .collect();
        let table = &session.standings()[0];
        assert_eq!(pairs.len(), 9);
        for (pair, row) in pairs.iter().zip(&table.rows) {
            assert_eq!(text(*pair, "PLACE"), row[0]);
            assert_eq!(text(*pair, "TOTAL_SCORE"), row[2]);
            let number: usize = text(*pair, "PAIR_NUMBER").parse().unwrap();
            assert_eq!(session.event().schedule.entrants[number - 1], row[1]);
            assert_eq!(text(child(*pair, "PLAYER"), "PLAYER_NAME"), row[1]);
        }
        let matches: Vec<_> = section.children().filter(|c| c.has_tag_name("MATCH")).collect();
        assert_eq!(matches.len(), 4, "four tables, the ninth pair's bye");
        for m in &matches {
            assert_eq!(text(*m, "ROUND_NUMBER"), "1");
            let ns: f64 = text(*m, "NS_SCORE").parse().unwrap();
            let ew: f64 = text(*m, "EW_SCORE").parse().unwrap();
            assert!((ns + ew - total).abs() < 1e-9, "{ns} + {ew}");
            let (home, away) = (text(*m, "NS_PAIR_NUMBER"), text(*m, "EW_PAIR_NUMBER"));
            assert!(round.tables.iter().any(|t| {
                let (h, a) = match_teams(t).unwrap();
                (h + 1).to_string() == home && (a + 1).to_string() == away
            }));
        }
    }
}
