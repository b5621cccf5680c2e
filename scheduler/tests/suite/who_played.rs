//! Issue 45: which players of a team played each match (the line-ups a masterpoint return
//! needs for teams of five or six). Recorded through the one write path, checked against the
//! team's players and the round's matches, taken back by undo, printed on the match cards
//! and counted in the players' return, where a missing line-up is said, never guessed.

use super::teams_event::{enter_round, pair_next, swiss};
use scheduler::event::session::{Command, Session};
use scheduler::event::standings_table::StandingsTable;
use scheduler::event::who_played::{Fielded, check_round, fielded, parse_line_up, players_table, squad};
use scheduler::model::Member;
use scheduler::model::squad::parse_squad;
use scheduler::sheets::event_sheets::{event_document, sheet_options};
use scheduler::sheets::{SectionBody, SheetKind};

/// Team 1 has six players, team 2 four, team 3 five; teams 4 and 5 are named without players.
pub(crate) fn five_teams(name: &str) -> Session {
    let path = super::common::scratch("teams", name);
    let mut session = Session::create(&path, &swiss(5, 3)).unwrap();
    let squads = [
        "Ann Archer (007341), Bob Brown, Cy Carter, Di Dean (22), Ed Evans, Fay Ford",
        "Gus Grey, Hal Hope, Ida Ives, Jo Jones",
        "Kit King, Len Lamb, Mo Moss, Ned Nash, Olga Ode",
    ];
    for (team, text) in squads.into_iter().enumerate() {
        let id = session.event().roster.players[team].id;
        let players = parse_squad(text).unwrap();
        session.apply(Command::SetSquad { team: id, players }).unwrap();
    }
    session
}

fn line_up(session: &mut Session, round: u32, team: usize, text: &str) -> Result<String, String> {
    let event = session.event();
    check_round(event, round, team)?;
    let name = event.schedule.entrants[team].clone();
    let players = parse_line_up(text, squad(event, team), &name)?;
    session
        .apply(Command::SetLineUp { round, team, players })
        .map(|applied| applied.message)
        .map_err(|e| e.to_string())
}

fn row<'a>(table: &'a StandingsTable, team: &str, player: &str) -> &'a [String] {
    table
        .rows
        .iter()
        .find(|r| r[1] == team && r[2] == player)
        .unwrap_or_else(|| panic!("no row for {player} of {team}: {:?}", table.rows))
}

/// The team with the bye in `round` (five teams: one each round).
pub(crate) fn bye_team(session: &Session, round: u32) -> usize {
    let event = session.event();
    let playing: Vec<usize> = event
        .schedule
        .round(round)
        .unwrap()
        .tables
        .iter()
        .flat_map(|t| t.seats.iter().map(|s| s.entrant))
        .collect();
    (0..5).find(|t| !playing.contains(t)).unwrap()
}

#[test]
fn line_ups_are_recorded_checked_and_counted_in_the_players_return() {
    let mut session = five_teams("who-played.tourney");
    let bye = bye_team(&session, 1);
    assert!(bye >= 3, "round 1's bye goes to a lower team (got {bye})");
    // Refused, with the reason, before anything is written.
    let said = line_up(&mut session, 1, bye, "1,2,3,4").unwrap_err();
    assert!(
        said.contains("has no match in round 1 (a bye, or withdrawn)"),
        "{said}"
    );
    let said = line_up(&mut session, 2, 0, "1,2,3,4").unwrap_err();
    assert_eq!(said, "round 2 is not paired (the event has 1 round(s) so far)");
    let other = if bye == 3 { 4 } else { 3 };
    let said = line_up(&mut session, 1, other, "1,2,3,4").unwrap_err();
    assert!(
        said.contains("'s players are not named: name them first"),
        "{said}"
    );
    let said = line_up(&mut session, 1, 0, "Ann Archer, Bob Brown, Cy Carter").unwrap_err();
    assert!(
        said.starts_with("3 player(s) named: a team fields four players"),
        "{said}"
    );
    let said = line_up(&mut session, 1, 0, "1, 2, 3, ann archer").unwrap_err();
    assert_eq!(said, "Ann Archer is named twice (player 4)");
    let said = line_up(&mut session, 1, 0, "1, 2, 3, Zed Zack").unwrap_err();
    assert!(
        said.starts_with(
            "player 4 (\"Zed Zack\") is not one of Player 1's players (1 Ann Archer (007341), 2 Bob Brown,"
        ),
        "{said}"
    );
    let said = line_up(&mut session, 1, 0, "Ann Archer (999), 2, 3, 4").unwrap_err();
    assert!(
        said.starts_with("player 1 (\"Ann Archer (999)\") is not one of"),
        "{said}"
    );
    let said = line_up(&mut session, 1, 0, "1, 2, 3, 7").unwrap_err();
    assert!(said.starts_with("player 4 (\"7\") is not one of"), "{said}");
    // The write path checks too: a player from another team, or three players.
    let stranger = vec![Member::new("Gus Grey"); 1]
        .into_iter()
        .chain(squad(session.event(), 0)[..3].iter().cloned())
        .collect();
    let refused = session.apply(Command::SetLineUp {
        round: 1,
        team: 0,
        players: stranger,
    });
    assert!(
        refused
            .unwrap_err()
            .to_string()
            .contains("Gus Grey is not one of Player 1's players"),
    );
    assert!(session.event().settings.line_ups.is_empty());

    // Round 1: team 1 fields its first four (by name, any case, and by place), team 3 four of
    // its five; team 2, of exactly four, needs nothing.
    let said = line_up(&mut session, 1, 0, "ann archer (007341), Bob Brown, 3, 4").unwrap();
    assert_eq!(
        said,
        "Line-up saved: round 1: Player 1 played: Ann Archer (007341), Bob Brown, Cy Carter, Di Dean (22)"
    );
    line_up(&mut session, 1, 2, "1, 2, 3, 5").unwrap();
    assert_eq!(
        line_up(&mut session, 1, 2, "Kit King, Len Lamb, Mo Moss, Olga Ode").unwrap(),
        "The line-up is unchanged"
    );
    assert!(matches!(fielded(session.event(), 1, 1), Fielded::AllFour(ref p) if p.len() == 4));
    enter_round(&mut session, 1);
    pair_next(&mut session);
    // Round 2: team 1's other four (two of them again); team 3's not recorded.
    let second_bye = bye_team(&session, 2);
    if second_bye != 0 {
        line_up(&mut session, 2, 0, "3, 4, 5, 6").unwrap();
    }
    enter_round(&mut session, 2);

    let table = players_table(session.event(), session.results()).unwrap();
    assert_eq!(
        table.columns,
        [
            "Team no.",
            "Team",
            "Player",
            "Number",
            "Matches played",
            "Boards played",
            "Team's boards",
            "Line-ups not recorded"
        ]
    );
    // Matches of four boards; a team with the bye in round 2 played one match.
    let team1_rounds = if second_bye == 0 { 1 } else { 2 };
    let boards = |matches: u32| (matches * 4).to_string();
    let ann = row(&table, "Player 1", "Ann Archer");
    assert_eq!(&ann[3..7], ["007341", "1", &boards(1), &boards(team1_rounds)]);
    let cy = row(&table, "Player 1", "Cy Carter");
    assert_eq!(cy[4], team1_rounds.to_string());
    assert_eq!(cy[5], boards(team1_rounds));
    let fay = row(&table, "Player 1", "Fay Ford");
    assert_eq!(fay[4], (team1_rounds - 1).to_string());
    assert_eq!(fay[7], "");
    let team2_rounds = if second_bye == 1 { 1 } else { 2 };
    let jo = row(&table, "Player 2", "Jo Jones");
    assert_eq!(
        &jo[4..8],
        [
            team2_rounds.to_string(),
            boards(team2_rounds),
            boards(team2_rounds),
            String::new()
        ]
    );
    // Team 3: round 1 recorded, round 2 (when it played) not: said, and not guessed.
    let ned = row(&table, "Player 3", "Ned Nash");
    assert_eq!(ned[4], "0");
    let olga = row(&table, "Player 3", "Olga Ode");
    assert_eq!(olga[5], "4");
    let team3_missing = if second_bye == 2 { "" } else { "round 2" };
    assert_eq!(olga[7], team3_missing);
    // A team named without players keeps its line.
    let unnamed = table
        .rows
        .iter()
        .filter(|r| r[1] == "Player 4")
        .collect::<Vec<_>>();
    assert_eq!(unnamed.len(), 1);
    assert_eq!(unnamed[0][7], "the team's players are not named");
    assert!(
        table
            .note
            .as_deref()
            .unwrap()
            .starts_with("A team of five or six whose line-up")
    );

    // The match card of round 1 says who played for team 1, and lists team 2's players.
    let mut options = sheet_options(session.event());
    options.kinds = vec![SheetKind::MatchCards];
    options.round = Some(1);
    let document = event_document(session.event(), session.results(), &options).unwrap();
    let SectionBody::Scorecards { cards, .. } = &document.sections[0].body else {
        panic!("match cards are cards");
    };
    let feet: Vec<&String> = cards.iter().flat_map(|c| c.foot.iter()).collect();
    assert!(
        feet.iter()
            .any(|l| *l == "Player 1 played: Ann Archer (007341), Bob Brown, Cy Carter, Di Dean (22)"),
        "{feet:?}"
    );
    assert!(
        feet.iter()
            .any(|l| *l == "Player 2: Gus Grey, Hal Hope, Ida Ives, Jo Jones"),
        "{feet:?}"
    );

    // Another writer sees what is recorded; removing a line-up is undone like any change.
    let reopened = Session::open(&session.path()).unwrap();
    assert_eq!(
        reopened.event().settings.line_ups,
        session.event().settings.line_ups
    );
    assert_eq!(
        reopened.event().settings.line_ups.len(),
        if second_bye == 0 { 2 } else { 3 }
    );
    let removed = line_up(&mut session, 1, 2, "").unwrap();
    assert_eq!(removed, "Line-up saved: round 1: Player 3's line-up removed");
    assert!(matches!(fielded(session.event(), 1, 2), Fielded::NotRecorded));
    session.undo().unwrap();
    assert!(matches!(fielded(session.event(), 1, 2), Fielded::Recorded(ref p) if p.len() == 4));
}
