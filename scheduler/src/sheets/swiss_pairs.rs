//! The match score cards of a Swiss pairs event (the slip each table fills in and hands to
//! the director): the round, the table, the two pairs and their seats, a line per board with
//! boxes for the contract, declarer, tricks and score, and once scored the board's datum and
//! each pair's IMPs (or the top and each pair's matchpoints), with the match's IMPs and points
//! (or matchpoints and percentages) at the foot. The figures are the
//! event's (`event::swiss_pairs::round_matches`); `scorecards.typ` draws them.

use super::scorecards::event_line;
use super::teams::{TeamsSheets, cell, match_card_section, vulnerability_text};
use super::{CardCell, CardRound, CellAlign, PairCard, SectionBody, SheetOptions};
use crate::event::BridgeResult;
use crate::event::swiss_pairs::{PairsBoard, PairsMatch, round_matches, settings};
use crate::event::teams::TeamsScoring;
use crate::scoring::teams::points_text;

const COLUMNS: [(&str, f64, CellAlign); 11] = [
    ("Board", 30.0, CellAlign::Right),
    ("Vul", 20.0, CellAlign::Center),
    ("Contract", 0.0, CellAlign::Center),
    ("By", 14.0, CellAlign::Center),
    ("Tricks", 26.0, CellAlign::Center),
    ("Lead", 26.0, CellAlign::Center),
    ("N-S", 34.0, CellAlign::Right),
    ("E-W", 34.0, CellAlign::Right),
    ("Datum", 34.0, CellAlign::Right),
    ("N-S", 26.0, CellAlign::Right),
    ("E-W", 26.0, CellAlign::Right),
];

/// The columns of a matchpointed event's card: the top where the datum was.
const MATCHPOINT_COLUMNS: [(&str, f64, CellAlign); 11] = {
    let mut columns = COLUMNS;
    columns[8] = ("Top", 34.0, CellAlign::Right);
    columns
};

/// One board's line: what was entered (or boxes), the score on the side that made it, and
/// once scored the datum and the IMPs of whichever pair gained.
fn board_cells(line: &PairsBoard) -> Vec<CardCell> {
    let (contract, by, tricks, lead) = match line.result {
        Some(BridgeResult::Contract {
            contract,
            declarer,
            tricks,
            lead,
        }) => (
            contract.to_string(),
            declarer.to_string(),
            crate::event::made_text(contract, tricks),
            lead.map_or(String::new(), |card| card.to_string()),
        ),
        Some(BridgeResult::PassedOut) => ("passed".to_owned(), String::new(), String::new(), String::new()),
        _ => Default::default(),
    };
    let (ns, ew) = match line.ns {
        Some(score) if score < 0 => (String::new(), score.unsigned_abs().to_string()),
        Some(score) => (score.to_string(), String::new()),
        None => (String::new(), String::new()),
    };
    let (against, ns_gain, ew_gain) = match (line.matchpoints, line.imps) {
        (Some(mps), _) => (mps.top.to_string(), mps.ns.to_string(), mps.ew().to_string()),
        (None, Some(imps)) if imps > 0 => (String::new(), imps.to_string(), String::new()),
        (None, Some(imps)) if imps < 0 => (String::new(), String::new(), imps.unsigned_abs().to_string()),
        (None, Some(_)) => (String::new(), "0".to_owned(), "0".to_owned()),
        (None, None) => Default::default(),
    };
    let against = line.datum.map_or(against, |d| d.to_string());
    vec![
        cell(line.deal.to_string()),
        cell(vulnerability_text(line.deal)),
        cell(contract),
        cell(by),
        cell(tricks),
        cell(lead),
        cell(ns),
        cell(ew),
        cell(against),
        cell(ns_gain),
        cell(ew_gain),
    ]
}

/// One table's card.
/// One table's card; `complete` when every table of the round is in (the datums are final).
fn card(
    teams: &TeamsSheets,
    round: u32,
    m: &PairsMatch,
    scoring: TeamsScoring,
    complete: bool,
    event: &str,
) -> PairCard {
    let name = |e: usize| teams.event.schedule.entrants.get(e).cloned().unwrap_or_default();
    let (home, away) = (name(m.home), name(m.away));
    let deals = teams.event.deals_of_round(round);
    let unit = scoring.margin_unit();
    let foot = match &m.result {
        Some(result) => {
            let mut line = format!(
                "{home} {} {unit}, {away} {} {unit}",
                result.imps_won[0], result.imps_won[1]
            );
            if scoring != TeamsScoring::Imps {
                line.push_str(&format!(
                    " · {} {} – {}",
                    scoring.column(),
                    points_text(result.points[0]),
                    points_text(result.points[1])
                ));
            }
            let datums = match (complete, scoring) {
                (true, _) => "Final: every table's scores are in.",
                (false, TeamsScoring::Matchpoints) => {
                    "Provisional: matchpointed against the scores entered so far, final once every table is in."
                }
                (false, _) => {
                    "Provisional: scored against the datum of the scores entered so far, final once every table is in."
                }
            };
            vec![line, datums.to_owned()]
        }
        None => vec![
            "Scores checked and agreed — N-S: ______________________   E-W: ______________________"
                .to_owned(),
            match scoring {
                TeamsScoring::Matchpoints => {
                    "The matchpoints are filled in by the scorer once every table's scores are in."
                }
                _ => "The datum and the IMPs are filled in by the scorer once every table's scores are in.",
            }
            .to_owned(),
        ],
    };
    PairCard {
        pair: format!("Round {round}, table {}", m.table),
        names: format!("N-S {home} ({}) v E-W {away} ({})", m.home + 1, m.away + 1),
        event: format!("{event} · boards {}–{}", deals.start(), deals.end()),
        status: None,
        rounds: vec![CardRound {
            round: String::new(),
            seat: String::new(),
            against: String::new(),
            names: String::new(),
            note: None,
            boards: m.boards.iter().map(board_cells).collect(),
        }],
        foot,
    }
}

/// The match score cards of every round chosen, one table a card across the page.
pub fn match_cards(teams: &TeamsSheets, options: &SheetOptions) -> (String, SectionBody) {
    let event = event_line(options);
    let mut cards = Vec::new();
    if let Some(swiss) = settings(teams.event) {
        for round in &teams.event.schedule.rounds {
            if teams.round.is_none_or(|only| only == round.number) {
                let matches = round_matches(teams.event, teams.results, round, swiss);
                let complete = matches.iter().all(|m| m.result.is_some());
                for m in &matches {
                    cards.push(card(teams, round.number, m, swiss.scoring, complete, &event));
                }
            }
        }
    }
    if settings(teams.event).is_some_and(|swiss| swiss.scoring == TeamsScoring::Matchpoints) {
        let groups = [("", 6), ("Score", 2), ("", 1), ("MPs", 2)];
        return match_card_section(&MATCHPOINT_COLUMNS, &groups, cards);
    }
    let groups = [("", 6), ("Score", 2), ("", 1), ("IMPs", 2)];
    match_card_section(&COLUMNS, &groups, cards)
}
