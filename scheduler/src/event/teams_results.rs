//! A teams event's results as tables for spreadsheets (`tourney event export --matches-csv`,
//! `--boards-csv`, and the window's exports): one line per match with its IMPs and points, or
//! one line per board with both tables' scores, the net and the IMPs. The figures are each
//! match's card (`teams::match_card`), as the sheets and the results pages print them.

use super::standings_table::StandingsTable;
use super::teams::{TeamBoard, match_cards};
use super::{Event, Results, Scoring};
use crate::scoring::teams::points_text;

/// Every match paired so far, one line each: round, match, tables, both teams (number and
/// name), the boards entered, and once every board is in each team's IMPs and points
/// (`None` for an event that is not teams of four). A teams night's matches have their own
/// columns (`teams_night::night_matches_table`): each half in its own round.
pub fn matches_table(event: &Event, results: &Results) -> Option<StandingsTable> {
    if let Scoring::Bridge {
        teams_of_four: Some(scoring),
        ..
    } = event.settings.scoring
    {
        return super::teams_night::night_matches_table(event, results, scoring);
    }
    let Scoring::Teams { scoring, .. } = event.settings.scoring else {
        return None;
    };
    let column = scoring.column();
    let columns = [
        "Round",
        "Match",
        "Tables",
        "Home no.",
        "Home",
        "Away no.",
        "Away",
        "Boards entered",
        "Home IMPs",
        "Away IMPs",
        &format!("Home {column}"),
        &format!("Away {column}"),
    ]
    .map(str::to_owned)
    .to_vec();
    let mut rows = Vec::new();
    for (round, number, card) in match_cards(event, results) {
        let (home, away) = (card.home, card.away);
        let entered = card.boards.iter().filter(|b| b.board.is_some()).count();
        let mut row = vec![
            round.to_string(),
            match card.part {
                Some(part) => format!("{number} ({part}/3)"),
                None => number.to_string(),
            },
            card.tables_text(number),
            (home + 1).to_string(),
            name(event, home),
            (away + 1).to_string(),
            name(event, away),
            format!("{entered} of {}", card.boards.len()),
        ];
        match card.score {
            Some((imps, points)) => row.extend([
                imps[0].to_string(),
                imps[1].to_string(),
                points_text(points[0]),
                points_text(points[1]),
            ]),
            None => row.extend(std::iter::repeat_n(String::new(), 4)),
        }
        rows.push(row);
    }
    Some(StandingsTable {
        heading: Some("Matches".to_owned()),
        columns,
        rows,
        note: None,
    })
}

/// Every board of every match paired so far, one line each: round, match, board, both teams,
/// both tables' N-S scores (when entered that way), the home team's net and IMPs (negative
/// when the away team gained); blank where a board is not entered yet (`None` for an event
/// that is not teams of four).
pub fn boards_table(event: &Event, results: &Results) -> Option<StandingsTable> {
    let Scoring::Teams { .. } = event.settings.scoring else {
        return None;
    };
    let columns = [
        "Round",
        "Match",
        "Board",
        "Home",
        "Away",
        "Table 1 N-S",
        "Table 2 N-S",
        "Home net",
        "Home IMPs",
    ]
    .map(str::to_owned)
    .to_vec();
    let mut rows = Vec::new();
    for (round, number, card) in match_cards(event, results) {
        for line in &card.boards {
            let (first, second, net) = match line.board {
                Some(TeamBoard::Tables { table1_ns, table2_ns }) => (
                    table1_ns.to_string(),
                    table2_ns.to_string(),
                    (i64::from(table1_ns) - i64::from(table2_ns)).to_string(),
                ),
                Some(TeamBoard::Net { net }) => (String::new(), String::new(), net.to_string()),
                None => (String::new(), String::new(), String::new()),
            };
            rows.push(vec![
                round.to_string(),
                match card.part {
                    Some(part) => format!("{number} ({part}/3)"),
                    None => number.to_string(),
                },
                line.deal.to_string(),
                name(event, card.home),
                name(event, card.away),
                first,
                second,
                net,
                line.home_imps.map(|i| i.to_string()).unwrap_or_default(),
            ]);
        }
    }
    Some(StandingsTable {
        heading: Some("Boards".to_owned()),
        columns,
        rows,
        note: None,
    })
}

fn name(event: &Event, team: usize) -> String {
    event.schedule.entrants.get(team).cloned().unwrap_or_default()
}
