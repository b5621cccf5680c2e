//! Issue 45: a club teams-of-four night as an event — the teams movement played table by
//! table (each team's N-S pair at home, its E-W pair moving), each table's N-S score entered
//! as at a pairs evening, and the scores put together into matches, IMPs and victory points.
//! Scored by hand here, through the event file, and read back.

use super::common::scratch;
use scheduler::event::create::{EventFormat, MovementPlan, NewEvent, build_event, generate_schedule};
use scheduler::event::entry::parse_board;
use scheduler::event::session::{Command, Session};
use scheduler::event::standings::{StandingsTable, standings};
use scheduler::event::teams::TeamsScoring;
use scheduler::event::{ResultKey, ResultValue, Scoring};
use scheduler::model::movement::MovementKind;
use scheduler::model::{Player, Roster, Schedule, Seat};
use scheduler::solver::Control;
use scheduler::verify::verify;

const TEAMS: [&str; 7] = [
    "Aces", "Barons", "Crowns", "Dukes", "Earls", "Falcons", "Griffins",
];

fn teams(n: usize) -> Roster {
    Roster {
        players: (0..n)
            .map(|i| {
                Player::new(
                    i as u32 + 1,
                    TEAMS.get(i).map_or(format!("Team {}", i + 1), |s| s.to_string()),
                )
            })
            .collect(),
    }
}

fn night_spec(n: usize, boards_per_round: u32) -> NewEvent {
    let mut spec = NewEvent::new("Teams night", EventFormat::Teams, teams(n));
    spec.options.boards_per_round = boards_per_round;
    spec.options.movement = Some(MovementPlan {
        kind: MovementKind::TeamsOfFour,
        phantom: None,
        arrow_switch: false,
    });
    spec
}

/// The (round, table) where entrant `ns` sits N-S against entrant `ew`, found in the
/// schedule's own tables.
fn table_of(schedule: &Schedule, ns: usize, ew: usize) -> (u32, u32) {
    for round in &schedule.rounds {
        for table in &round.tables {
            if table.entrant_at(Seat::N) == Some(ns) && table.entrant_at(Seat::E) == Some(ew) {
                return (round.number, table.number);
            }
        }
    }
    panic!("entrant {ns} never sits N-S against entrant {ew}");
}

fn enter(session: &mut Session, (round, table): (u32, u32), deal: u32, board: &str) {
    let key = ResultKey { round, table, deal };
    let value = ResultValue::Bridge {
        board: parse_board(board).unwrap(),
    };
    session.apply(Command::SetResult(key, value)).unwrap();
}

fn row<'a>(table: &'a StandingsTable, first: &str) -> &'a [String] {
    table
        .rows
        .iter()
        .find(|r| r[0] == first || r[1] == first)
        .unwrap_or_else(|| panic!("no row {first} in {:?}", table.rows))
}

#[test]
fn a_seven_team_night_is_scored_match_by_match_from_the_tables() {
    let (event, notes) = build_event(&night_spec(7, 2), &Control::unlimited()).unwrap();
    assert!(
        notes.iter().any(|n| n.contains("American Whist for 7 teams")),
        "{notes:?}"
    );
    // The pairs: Aces N-S … Griffins N-S, then Aces E-W …; 6 rounds on 7 tables.
    assert_eq!(event.schedule.entrants.len(), 14);
    assert_eq!(event.schedule.entrants[0], "Aces N-S");
    assert_eq!(event.schedule.entrants[9], "Crowns E-W");
    assert_eq!(event.roster.players[9].team.as_deref(), Some("Crowns"));
    assert_eq!(event.schedule.rounds.len(), 6);
    assert!(verify(&event.schedule).is_valid());
    assert!(matches!(
        event.settings.scoring,
        Scoring::Bridge {
            teams_of_four: Some(TeamsScoring::Wbf2013),
            ..
        }
    ));
    // Aces N-S (entrant 0) against Crowns E-W (entrant 9), and Crowns N-S (2) against Aces
    // E-W (7): the two halves of one match, on the same boards.
    let first = table_of(&event.schedule, 0, 9);
    let second = table_of(&event.schedule, 2, 7);
    assert_ne!(
        first.0, second.0,
        "American Whist plays the halves in different rounds"
    );
    let boards = event.deals_at(first.0, first.1);
    assert_eq!(boards, event.deals_at(second.0, second.1));
    let (b1, b2) = (*boards.start(), *boards.end());
    // Made again from its own roster (the pairs), it is the same night.
    let options = event.settings.options.clone().unwrap();
    let again = generate_schedule(&event.roster, &options, &Control::unlimited()).unwrap();
    assert_eq!(again.schedule, event.schedule);
    // A pair cannot leave on its own: its team-mates play the other halves.
    let why = scheduler::movement::withdraw(event.schedule.movement.clone().unwrap(), 3, 2).unwrap_err();
    assert!(why.contains("one half of a team"), "{why}");
    let mut session = Session::create(&scratch("teams-night", "seven.tourney"), &event).unwrap();

    // One half in: the match waits for the other table.
    enter(&mut session, first, b1, "420");
    enter(&mut session, first, b2, "100");
    let tables = standings(session.event(), session.results());
    assert_eq!(tables.len(), 2);
    assert_eq!(row(&tables[1], "Aces v Crowns")[3], "2 of 4 scores entered");
    assert_eq!(row(&tables[0], "Aces")[3], "0", "no match is complete yet");

    // The other half: +100 and +140 to Crowns N-S. Aces' net: +320 (8 IMPs) and −40
    // (1 IMP to Crowns): 8–1, a margin of 7 over 2 boards. WBF 2013: B = 15√2,
    // 10 + 10 (1 − τ^(21/B)) / (1 − τ³) = 14.96 (worked by hand).
    enter(&mut session, second, b1, "100");
    enter(&mut session, second, b2, "140");
    let path = session.path();
    drop(session);
    let session = Session::open(&path).unwrap();
    let tables = standings(session.event(), session.results());
    let aces_crowns = row(&tables[1], "Aces v Crowns");
    assert_eq!(aces_crowns[3], "8–1");
    assert_eq!(aces_crowns[4], "14.96–5.04");
    assert_eq!(&row(&tables[0], "1")[1..4], ["Aces", "14.96", "1"]);
    assert_eq!(&row(&tables[0], "2")[1..4], ["Crowns", "5.04", "1"]);
    assert!(
        tables[1]
            .note
            .as_deref()
            .unwrap()
            .contains("1 of 21 matches complete"),
        "{:?}",
        tables[1].note
    );
}

#[test]
fn an_artificial_score_is_three_imps_as_law_86a_says() {
    let (event, _) = build_event(&night_spec(5, 1), &Control::unlimited()).unwrap();
    let mut session = Session::create(&scratch("teams-night", "artificial.tourney"), &event).unwrap();
    let halves = |a: usize, b: usize| {
        (
            table_of(&event.schedule, a, 5 + b),
            table_of(&event.schedule, b, 5 + a),
        )
    };
    let deal_of = |(round, table): (u32, u32)| *event.deals_at(round, table).start();
    // Aces v Barons: Aces N-S get AVE+ (Barons E-W AVE-) at one table, the other table
    // played: +3 IMPs to Aces, −3 to Barons; 1 board, a margin of 3: 13.28 VPs to 6.72
    // (B = 15: 10 + 10 (1 − τ^0.6) / (1 − τ³), worked by hand).
    let (first, second) = halves(0, 1);
    enter(&mut session, first, deal_of(first), "AVE+");
    enter(&mut session, second, deal_of(second), "-50");
    // Crowns v Dukes: neither side at fault, both tables' pairs at Crowns' table AVE+: each
    // team +3 IMPs, each scored on its own margin (they do not balance).
    let (first, second) = halves(2, 3);
    enter(&mut session, first, deal_of(first), "A+/A+");
    enter(&mut session, second, deal_of(second), "420");
    // Aces v Crowns: not played at one table: the director is asked for a score.
    let (first, second) = halves(0, 2);
    enter(&mut session, first, deal_of(first), "NP");
    enter(&mut session, second, deal_of(second), "100");
    let tables = standings(session.event(), session.results());
    assert_eq!(&row(&tables[1], "Aces v Barons")[3..5], ["3–0", "13.28–6.72"]);
    assert_eq!(&row(&tables[1], "Crowns v Dukes")[3..5], ["3–3", "13.28–13.28"]);
    assert_eq!(row(&tables[1], "Aces v Crowns")[3], "not scored (see below)");
    let note = tables[1].note.clone().unwrap();
    assert!(note.contains("Aces v Crowns: board"), "{note}");
    assert!(note.contains("was not played"), "{note}");
    assert!(note.contains("2 of 10 matches complete"), "{note}");
}

#[test]
fn an_even_night_shares_boards_and_every_two_teams_meet() {
    let (event, _) = build_event(&night_spec(6, 3), &Control::unlimited()).unwrap();
    assert_eq!(event.schedule.entrants.len(), 12);
    assert_eq!(event.schedule.rounds.len(), 5);
    assert!(verify(&event.schedule).is_valid());
    // The pairs' personal score cards (matchpoints among the pairs) are not a teams night's.
    let kinds = scheduler::sheets::event_sheets::sheet_kinds(&event);
    assert!(kinds.contains(&scheduler::sheets::SheetKind::Travellers));
    assert!(!kinds.contains(&scheduler::sheets::SheetKind::ScoreCards));
    let mut options = scheduler::sheets::event_sheets::sheet_options(&event);
    options.kinds = vec![scheduler::sheets::SheetKind::ScoreCards];
    let refused =
        scheduler::sheets::event_sheets::event_document(&event, &scheduler::event::Results::new(), &options)
            .unwrap_err()
            .to_string();
    assert!(refused.contains("no personal score cards"), "{refused}");
    // Their place: a match score card for each of the 15 matches, both tables side by side.
    assert!(kinds.contains(&scheduler::sheets::SheetKind::MatchCards));
    options.kinds = vec![scheduler::sheets::SheetKind::MatchCards];
    let document =
        scheduler::sheets::event_sheets::event_document(&event, &scheduler::event::Results::new(), &options)
            .unwrap();
    match &document.sections[0].body {
        scheduler::sheets::SectionBody::Scorecards { cards, .. } => {
            assert_eq!(cards.len(), 15);
            assert!(cards[0].event.contains("N-S at table"), "{}", cards[0].event);
        }
        other => panic!("not score cards: {other:?}"),
    }
    let tables = standings(&event, &scheduler::event::Results::new());
    // 15 matches, each with its two halves named.
    assert_eq!(tables[1].rows.len(), 15);
    assert!(tables[1].rows.iter().all(|r| r[3] == "0 of 6 scores entered"));
}

#[test]
fn a_teams_night_is_refused_where_it_cannot_be_played() {
    let refused = |spec: NewEvent| build_event(&spec, &Control::unlimited()).unwrap_err().to_string();
    // Twenty-six teams: more than a club's teams night is made for.
    assert!(
        refused(night_spec(26, 2)).contains("26 teams: a club teams movement is made for 3 to 25 teams"),
        "{}",
        refused(night_spec(26, 2))
    );
    let mut swiss = night_spec(7, 2);
    swiss.options.swiss = true;
    assert!(refused(swiss).contains("not a Swiss or a knockout"));
    let mut short = night_spec(7, 2);
    short.options.rounds = Some(3);
    assert!(refused(short).contains("played to its last round"));
    let mut pairs = night_spec(7, 2);
    pairs.options.format = EventFormat::BridgePairs;
    assert!(refused(pairs).contains("is for a teams event"));
}

/// Four teams, head to head: both halves of every match in the same round on a set of its
/// own; a whole evening entered table by table is scored as six matches, each team's VPs the
/// sum of its three matches' (worked out here from each match's IMPs on the WBF 2013 scale).
#[test]
fn a_four_team_night_plays_every_match_head_to_head() {
    let (event, notes) = build_event(&night_spec(4, 2), &Control::unlimited()).unwrap();
    assert!(
        notes
            .iter()
            .any(|n| n.contains("Head to head for 4 teams on 4 tables: 3 rounds of 2 boards")),
        "{notes:?}"
    );
    assert!(verify(&event.schedule).is_valid());
    let mut session = Session::create(&scratch("teams-night", "four.tourney"), &event).unwrap();
    let mut vps = [0.0_f64; 4];
    let mut seen_sets = std::collections::BTreeSet::new();
    for x in 0..4usize {
        for y in x + 1..4 {
            // X N-S v Y E-W (entrant 4 + y), and Y N-S v X E-W: one round, the same boards.
            let first = table_of(&event.schedule, x, 4 + y);
            let second = table_of(&event.schedule, y, 4 + x);
            assert_eq!(first.0, second.0, "teams {x} and {y} play both halves at once");
            let boards = event.deals_at(first.0, first.1);
            assert_eq!(boards, event.deals_at(second.0, second.1));
            assert!(
                seen_sets.insert(*boards.start()),
                "each match has boards of its own"
            );
            // X's N-S scores +420 on both boards; Y's N-S scores +420 − 50·(x + y + 1).
            let other = 420 - 50 * (x + y + 1) as i32;
            for deal in boards.clone() {
                enter(&mut session, first, deal, "420");
                enter(&mut session, second, deal, &other.to_string());
            }
            // X gains the IMPs on both boards; the WBF 2013 scale for 2 boards (itself
            // checked against the published tables in `victory_points.rs`).
            let imps = 2 * scheduler::scoring::bridge::imps(420 - other);
            let split = scheduler::scoring::victory_points::VpScale::Wbf2013
                .table(2)
                .unwrap()
                .for_margin(f64::from(imps))
                .unwrap();
            vps[x] += split.winner.value();
            vps[y] += split.loser.value();
        }
    }
    assert_eq!(seen_sets.len(), 6);
    let tables = standings(session.event(), session.results());
    for (team, expected) in TEAMS.iter().take(4).zip(vps) {
        let line = row(&tables[0], team);
        assert_eq!(line[2], format!("{expected:.2}"), "{team}: {line:?}");
        assert_eq!(line[3], "3", "{team} played three matches");
    }
}

/// Four teams, the relay (the usual with 4 boards a round or more): round r's four tables
/// all play set r, in four part-sets passed round them, so both matches of a round play the
/// same boards — each scored on its own two tables, none of the other match's scores in it.
#[test]
fn a_four_team_relay_night_scores_each_match_from_its_own_two_tables() {
    let (event, notes) = build_event(&night_spec(4, 4), &Control::unlimited()).unwrap();
    assert!(
        notes
            .iter()
            .any(|n| n.contains("Relay for 4 teams on 4 tables: 3 rounds of 4 boards")),
        "{notes:?}"
    );
    assert!(verify(&event.schedule).is_valid());
    let movement = event.schedule.movement.as_ref().unwrap();
    assert_eq!(movement.sets, 3);
    assert!(movement.rounds.iter().all(|r| r.relay.len() == 4));
    // Made again from its stored options and roster, it is the same relay night.
    let options = event.settings.options.clone().unwrap();
    let again = generate_schedule(&event.roster, &options, &Control::unlimited()).unwrap();
    assert_eq!(again.schedule, event.schedule);
    // Round 1: Aces v Barons at tables 1 and 2, Crowns v Dukes at 3 and 4, all on 1–4.
    let (ab1, ab2) = (table_of(&event.schedule, 0, 5), table_of(&event.schedule, 1, 4));
    let (cd1, cd2) = (table_of(&event.schedule, 2, 7), table_of(&event.schedule, 3, 6));
    assert_eq!([ab1, ab2, cd1, cd2], [(1, 1), (1, 2), (1, 3), (1, 4)]);
    for at in [ab1, ab2, cd1, cd2] {
        assert_eq!(event.deals_at(at.0, at.1), 1..=4);
    }
    let mut session = Session::create(&scratch("teams-night", "relay.tourney"), &event).unwrap();
    // Table 1's phone page says the order it plays the parts (one board each) and where each
    // goes: it starts with board 1, then gets each part from table 4 and passes it on to 2.
    let page = scheduler::event::table_page::table_view(session.event(), session.results(), 1, 1).unwrap();
    assert_eq!(
        page.notice.as_deref(),
        Some(
            "This round's boards go round the tables in parts: board 1, then pass it to table 2; board 4, then pass it to table 2; board 3, then pass it to table 2; board 2, then leave it for the director."
        )
    );
    // Aces v Barons, each board's N-S score at Aces' table, then at Barons' (Aces E-W there):
    //   1: +420, −50  → Aces net +470: 10 IMPs to Aces
    //   2: −100, +140 → −240: 6 to Barons
    //   3: +620, +620 → 0
    //   4: +50, +110  → −60: 2 to Barons
    // 10–8, a margin of 2 over 4 boards. WBF 2013, B = 15√4 = 30:
    // 10 + 10 (1 − τ^(3·2/30)) / (1 − τ³) = 10 + 10 · 0.091757 / 0.763932 = 11.20 (by hand).
    for (deal, [one, two]) in [
        (1, ["420", "-50"]),
        (2, ["-100", "140"]),
        (3, ["620", "620"]),
        (4, ["50", "110"]),
    ] {
        enter(&mut session, ab1, deal, one);
        enter(&mut session, ab2, deal, two);
    }
    let tables = standings(session.event(), session.results());
    assert_eq!(&row(&tables[1], "Aces v Barons")[3..5], ["10–8", "11.20–8.80"]);
    // The other match of the round, on the same boards, has none of those scores.
    assert_eq!(row(&tables[1], "Crowns v Dukes")[3], "0 of 8 scores entered");
    // Crowns v Dukes: 1: +420, +420 → 0; 2: −100, +100 → −200: 5 to Dukes; 3: +170, −170
    // → +340: 8 to Crowns; 4: +50, +50 → 0. 8–5, a margin of 3:
    // 10 + 10 (1 − τ^0.3) / (1 − τ³) = 10 + 10 · 0.134426 / 0.763932 = 11.76 (by hand).
    for (deal, [one, two]) in [
        (1, ["420", "420"]),
        (2, ["-100", "100"]),
        (3, ["170", "-170"]),
        (4, ["50", "50"]),
    ] {
        enter(&mut session, cd1, deal, one);
        enter(&mut session, cd2, deal, two);
    }
    // Read back from the file: the part-sets are kept, the matches still apart.
    let path = session.path();
    drop(session);
    let session = Session::open(&path).unwrap();
    let kept = session.event().schedule.movement.as_ref().unwrap();
    assert_eq!(kept.rounds[0].relay, movement.rounds[0].relay);
    let tables = standings(session.event(), session.results());
    assert_eq!(&row(&tables[1], "Aces v Barons")[3..5], ["10–8", "11.20–8.80"]);
    assert_eq!(&row(&tables[1], "Crowns v Dukes")[3..5], ["8–5", "11.76–8.24"]);
    assert_eq!(&row(&tables[0], "1")[1..3], ["Crowns", "11.76"]);
    assert_eq!(&row(&tables[0], "2")[1..3], ["Aces", "11.20"]);
    // Round 2's matches (Aces v Crowns, Barons v Dukes) play boards 5–8, nothing entered yet.
    assert_eq!(row(&tables[1], "Aces v Crowns")[1], "5–8");
    assert_eq!(row(&tables[1], "Barons v Dukes")[3], "0 of 8 scores entered");
}

#[test]
fn four_teams_head_to_head_is_a_choice_and_the_choice_is_for_four_teams_only() {
    use scheduler::model::movement::FourTeams;
    let mut spec = night_spec(4, 4);
    spec.options.four_teams = Some(FourTeams::HeadToHead);
    let (event, _) = build_event(&spec, &Control::unlimited()).unwrap();
    let movement = event.schedule.movement.as_ref().unwrap();
    assert_eq!(movement.sets, 6);
    assert!(movement.rounds.iter().all(|r| r.relay.is_empty()));
    // The choice is kept with the event: made again, it is still head to head.
    let options = event.settings.options.clone().unwrap();
    assert_eq!(options.four_teams, Some(FourTeams::HeadToHead));
    let again = generate_schedule(&event.roster, &options, &Control::unlimited()).unwrap();
    assert_eq!(again.schedule.movement.as_ref().unwrap().sets, 6);
    let refused = |spec: NewEvent| build_event(&spec, &Control::unlimited()).unwrap_err().to_string();
    let mut six = night_spec(6, 4);
    six.options.four_teams = Some(FourTeams::Relay);
    let why = refused(six);
    assert!(
        why.contains("6 teams: \"relay\" is a choice for 4 teams only"),
        "{why}"
    );
    let mut short = night_spec(4, 3);
    short.options.four_teams = Some(FourTeams::Relay);
    let why = refused(short);
    assert!(why.contains("at least 4 boards a round"), "{why}");
    let mut swiss = NewEvent::new("Swiss", EventFormat::Teams, teams(4));
    swiss.options.swiss = true;
    swiss.options.rounds = Some(3);
    swiss.options.four_teams = Some(FourTeams::Relay);
    let why = refused(swiss);
    assert!(
        why.contains("is a choice for a club teams night of 4 teams"),
        "{why}"
    );
}

/// A 4-team night made before the relay existed: head to head, its options saying nothing of
/// how 4 teams play. Read back, its options say head to head, so making its schedule again
/// (a roster changed) keeps the movement the club printed, rather than turning into the
/// relay. A night made as the relay (the choice left to the usual) is read as it was.
#[test]
fn an_older_four_team_night_stays_head_to_head_when_made_again() {
    use scheduler::event::store::EventFile;
    use scheduler::model::movement::FourTeams;
    let mut spec = night_spec(4, 4);
    spec.options.four_teams = Some(FourTeams::HeadToHead);
    let (mut older, _) = build_event(&spec, &Control::unlimited()).unwrap();
    older.settings.options.as_mut().unwrap().four_teams = None;
    let path = scratch("teams-night", "older-four.tourney");
    drop(EventFile::create(&path, &older).unwrap());
    let read = EventFile::open(&path).unwrap().event().clone();
    let options = read.settings.options.clone().unwrap();
    assert_eq!(options.four_teams, Some(FourTeams::HeadToHead));
    let again = generate_schedule(&read.roster, &options, &Control::unlimited()).unwrap();
    let movement = again.schedule.movement.as_ref().unwrap();
    assert!(movement.rounds.iter().all(|r| r.relay.is_empty()));
    assert_eq!(movement.sets, 6);

    let (relay, _) = build_event(&night_spec(4, 4), &Control::unlimited()).unwrap();
    assert_eq!(relay.settings.options.as_ref().unwrap().four_teams, None);
    let path = scratch("teams-night", "relay-four.tourney");
    drop(EventFile::create(&path, &relay).unwrap());
    let read = EventFile::open(&path).unwrap().event().clone();
    assert_eq!(read.settings.options.unwrap().four_teams, None);
}
