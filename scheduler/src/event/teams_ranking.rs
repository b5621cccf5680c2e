//! The running ranking of a teams event, the sheet a director pins up after each round: every
//! team's place, its number, and round by round what it scored and against whom, then its
//! total and IMP quotient. The totals and places are the standings' own
//! (`teams::standing_lines`); the round columns come from each match's card
//! (`teams::match_cards_at`), so the two cannot disagree.

use super::standings_table::StandingsTable;
use super::teams::{TeamsBye, match_cards_at, quotient_text, standing_lines};
use super::{Event, Results, Scoring, swiss_pairs};
use crate::model::{Absence, Round};
use crate::scoring::teams::{Points, points_text};

/// What one team did in one round, as the ranking prints it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum RoundCell {
    /// A match with every board in: the team's points and its opponents' numbers (two for a
    /// three-way match, whose two half-matches' points are added once both are in).
    Played { points: Points, opponents: Vec<usize> },
    /// A match still being played or entered.
    InPlay,
    /// The first round of a three-way match over two rounds: its matches count in the next
    /// round (given), both shown there.
    LongFirst(u32),
    /// The bye: its value once the round is complete and when the club gives a fixed one.
    Bye(Option<String>),
    /// Not in the round: not yet arrived, or left.
    Absent,
}

impl RoundCell {
    fn text(&self) -> String {
        match self {
            RoundCell::Played { points, opponents } => {
                let numbers: Vec<String> = opponents.iter().map(usize::to_string).collect();
                format!("{} ({})", points_text(*points), numbers.join(" & "))
            }
            RoundCell::InPlay => String::new(),
            RoundCell::LongFirst(next) => format!("in progress (R{next})"),
            RoundCell::Bye(Some(points)) => format!("{points} (bye)"),
            RoundCell::Bye(None) => "bye".to_owned(),
            RoundCell::Absent => "–".to_owned(),
        }
    }
}

/// The matches of `round` as (home, away, each side's points once every board is in): a
/// teams event's from its match cards, a Swiss pairs event's from its tables.
fn scored_matches(
    event: &Event,
    results: &Results,
    round: &Round,
) -> Vec<(usize, usize, Option<[Points; 2]>)> {
    if let Some(swiss) = swiss_pairs::settings(event) {
        return swiss_pairs::round_matches(event, results, round, swiss)
            .into_iter()
            .map(|m| (m.home, m.away, m.result.map(|r| r.points)))
            .collect();
    }
    round
        .tables
        .iter()
        .flat_map(|table| match_cards_at(event, results, round.number, table.number))
        .map(|card| (card.home, card.away, card.score.map(|(_, points)| points)))
        .collect()
}

/// Each team's cell in `round`, by team index (teams the round does not name stay blank), and
/// whether every match of the round has all its boards in.
fn round_cells(
    event: &Event,
    results: &Results,
    round: &Round,
    fixed_bye: Option<&str>,
) -> (Vec<RoundCell>, bool) {
    let mut cells = vec![RoundCell::InPlay; event.schedule.entrants.len()];
    let mut complete = true;
    // A three-way team's two half-matches: shown once both are in.
    let mut waiting = vec![false; cells.len()];
    for (home, away, points) in scored_matches(event, results, round) {
        let Some(points) = points else {
            complete = false;
            for team in [home, away] {
                if let Some(w) = waiting.get_mut(team) {
                    *w = true;
                }
            }
            continue;
        };
        for (side, (team, opponent)) in [(home, away), (away, home)].into_iter().enumerate() {
            if let Some(cell) = cells.get_mut(team) {
                match cell {
                    RoundCell::Played {
                        points: sum,
                        opponents,
                    } => {
                        *sum += points[side];
                        opponents.push(opponent + 1);
                    }
                    _ => {
                        *cell = RoundCell::Played {
                            points: points[side],
                            opponents: vec![opponent + 1],
                        }
                    }
                }
            }
        }
    }
    for (cell, &w) in cells.iter_mut().zip(&waiting) {
        if w {
            *cell = RoundCell::InPlay;
        }
    }
    // A three-way match over two rounds begun here counts in the next round's column.
    for long in super::long_three_way::long_three_ways(&event.schedule)
        .iter()
        .filter(|l| l.first_round == round.number)
    {
        for &team in &long.teams {
            if let Some(cell) = cells.get_mut(team) {
                *cell = RoundCell::LongFirst(round.number + 1);
            }
        }
    }
    // A bye counts once its round is complete (as in the standings): its value is shown then.
    let fixed_bye = fixed_bye.filter(|_| complete);
    for absent in &round.absent {
        if let Some(cell) = cells.get_mut(absent.entrant) {
            *cell = match absent.kind {
                Absence::Bye => RoundCell::Bye(fixed_bye.map(str::to_owned)),
                Absence::SitOut | Absence::Left | Absence::Late => RoundCell::Absent,
            };
        }
    }
    (cells, complete)
}

/// The running ranking of a teams event (`None` for any other event): place, number, team,
/// a column per round paired so far ("13.76 (5)": the points scored and the opponents'
/// number; a bye, or "–" when the team was not in the round), the total and the IMP quotient,
/// best first.
pub fn running_ranking(event: &Event, results: &Results) -> Option<StandingsTable> {
    // A knockout's score sheet is its standings (`knockout::knockout_table`).
    let (scoring, bye) = match (&event.settings.scoring, swiss_pairs::settings(event)) {
        (_, Some(swiss)) => (swiss.scoring, swiss.bye),
        (
            Scoring::Teams {
                scoring,
                bye,
                knockout: None,
                ..
            },
            _,
        ) => (*scoring, *bye),
        _ => return None,
    };
    let fixed_bye = match bye {
        TeamsBye::Fixed { hundredths } => Some(points_text(hundredths)),
        TeamsBye::Average => None,
    };
    let (rounds, complete): (Vec<Vec<RoundCell>>, Vec<bool>) = event
        .schedule
        .rounds
        .iter()
        .map(|round| round_cells(event, results, round, fixed_bye.as_deref()))
        .unzip();
    // Rounds complete from the first on.
    let done = complete.iter().take_while(|&&c| c).count();
    let who = if swiss_pairs::settings(event).is_some() {
        "Pair"
    } else {
        "Team"
    };
    let mut columns: Vec<String> = ["Rank", "No.", who].map(str::to_owned).to_vec();
    columns.extend(event.schedule.rounds.iter().map(|r| format!("R{}", r.number)));
    columns.extend([scoring.column().to_owned(), "Quotient".to_owned()]);
    let note = format!(
        "Each round: the {} scored and, in brackets, the opponents' number (\"–\": not playing that round; blank: the match is not complete; \"in progress (R3)\": a three-way match over two rounds, both its matches shown in round 3). Ranked by {}, then the result between the tied {}s, then the {} quotient; a bye scores {} once its round is complete.",
        scoring.column(),
        scoring.label(),
        who.to_lowercase(),
        scoring.quotient_name(),
        bye.describe(scoring, &who.to_lowercase())
    );
    let lines = match standing_lines(event, results, scoring, bye) {
        Ok(lines) => lines,
        Err(why) => {
            return Some(StandingsTable {
                heading: None,
                columns,
                rows: Vec::new(),
                note: Some(format!("The ranking could not be worked out: {why}")),
            });
        }
    };
    let rows = lines
        .iter()
        .map(|line| {
            let mut row = vec![
                line.place.clone(),
                (line.team + 1).to_string(),
                event
                    .schedule
                    .entrants
                    .get(line.team)
                    .cloned()
                    .unwrap_or_default(),
            ];
            row.extend(
                rounds
                    .iter()
                    .map(|cells| cells.get(line.team).map(RoundCell::text).unwrap_or_default()),
            );
            row.push(points_text(line.points));
            row.push(quotient_text(line.imps_won, line.imps_lost));
            row
        })
        .collect();
    Some(StandingsTable {
        heading: Some(match done {
            0 => "Ranking: no round complete yet".to_owned(),
            done => format!("Ranking after round {done}"),
        }),
        columns,
        rows,
        note: Some(note),
    })
}
