//! Swiss pairs as an event: a pairs event of duplicate bridge paired round by round like a
//! Swiss teams event (`teams::pair_next_round`), where each match is two pairs at one table,
//! the first pair N-S, and every table of a round plays the round's boards. A board is
//! entered as at a pairs evening (contract and tricks, or the N-S score). Each board is
//! scored against its datum across the round's tables (Butler: the average N-S score, top and
//! bottom left out from five scores, rounded to ten); the first pair's IMPs against the datum
//! are its match's IMPs (the second pair's are their negation), and the match's margin becomes
//! victory points, or stays IMPs ([`SwissPairs`]). The standings, byes, repeats, late pairs
//! and withdrawals are the Swiss teams event's.

use super::teams::{TeamsBye, TeamsScoring, match_teams};
use super::{Event, ResultKey, ResultValue, Results, Scoring};
use crate::model::{Absence, Round};
use crate::scoring::bridge::butler_imps;
use crate::scoring::teams::{BoardEntry, MatchResult, PlayedMatch, score_match};
use serde::{Deserialize, Serialize};

/// How a Swiss pairs event's matches count, and what a bye is worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwissPairs {
    /// Victory points (WBF 2013, on the IMPs against the datum) or the IMP margin itself;
    /// board-a-match is a teams scoring and is refused here.
    pub scoring: TeamsScoring,
    /// What a bye is worth.
    pub bye: TeamsBye,
}

impl SwissPairs {
    /// Checks the choice fits a Swiss pairs event (`boards` a match).
    pub fn check(self, boards: u32) -> Result<(), String> {
        if self.scoring == TeamsScoring::BoardAMatch {
            return Err(
                "board-a-match compares two tables of one team match; a Swiss pairs match is one table, scored against the datum: choose VPs or IMPs"
                    .to_owned(),
            );
        }
        self.bye.check(self.scoring, boards)
    }
}

/// The event's Swiss pairs settings, when it is one.
pub fn settings(event: &Event) -> Option<SwissPairs> {
    match event.settings.scoring {
        Scoring::Bridge { swiss, .. } => swiss,
        _ => None,
    }
}

/// One match of a Swiss pairs round as the window, the command line and the sheets show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairsMatch {
    /// The table (the match's number in its round).
    pub table: u32,
    /// The pair sitting N-S, by entrant index.
    pub home: usize,
    /// The pair sitting E-W.
    pub away: usize,
    /// Each board of the round: its number and, once entered, the N-S pair's IMPs against the
    /// datum of the scores entered so far.
    pub boards: Vec<(u32, Option<i32>)>,
    /// The match scored, once every board is in (provisional until the round is complete: a
    /// later score can move a datum).
    pub result: Option<MatchResult>,
}

/// The N-S score entered at `table` for `deal` of `round`, if any (artificial scores are
/// refused for these events when entered).
fn ns_score(results: &Results, round: u32, table: u32, deal: u32) -> Option<i32> {
    match results.get(&ResultKey { round, table, deal }) {
        Some(ResultValue::Bridge { board }) => board.north_south_score(deal),
        _ => None,
    }
}

/// Every match of `round`, scored as far as its results go.
pub fn round_matches(event: &Event, results: &Results, round: &Round, swiss: SwissPairs) -> Vec<PairsMatch> {
    let deals: Vec<u32> = event.deals_of_round(round.number).collect();
    let tables: Vec<(u32, usize, usize)> = round
        .tables
        .iter()
        .filter_map(|t| match_teams(t).map(|(home, away)| (t.number, home, away)))
        .collect();
    // For each board, each table's IMPs against the datum of the scores entered.
    let mut imps = vec![vec![None; deals.len()]; tables.len()];
    for (d, &deal) in deals.iter().enumerate() {
        let scored: Vec<(usize, i32)> = tables
            .iter()
            .enumerate()
            .filter_map(|(i, &(table, ..))| ns_score(results, round.number, table, deal).map(|s| (i, s)))
            .collect();
        let scores: Vec<i32> = scored.iter().map(|s| s.1).collect();
        for ((i, _), value) in scored.iter().zip(butler_imps(&scores)) {
            imps[*i][d] = Some(value.round() as i32);
        }
    }
    tables
        .iter()
        .zip(imps)
        .map(|(&(table, home, away), imps)| {
            let result = imps
                .iter()
                .map(|i| i.map(|i| BoardEntry::Adjusted { first: i, second: -i }))
                .collect::<Option<Vec<_>>>()
                .and_then(|boards| score_match(&boards, swiss.scoring.match_scoring()).ok());
            PairsMatch {
                table,
                home,
                away,
                boards: deals.iter().copied().zip(imps).collect(),
                result,
            }
        })
        .collect()
}

/// Every match with all its boards entered, scored; and the byes of every round whose
/// matches are all complete.
pub(crate) fn played(event: &Event, results: &Results, swiss: SwissPairs) -> (Vec<PlayedMatch>, Vec<usize>) {
    let mut matches = Vec::new();
    let mut byes = Vec::new();
    for round in &event.schedule.rounds {
        let mut complete = true;
        for m in round_matches(event, results, round, swiss) {
            match m.result {
                Some(result) => matches.push(PlayedMatch {
                    teams: [m.home, m.away],
                    points: result.points,
                    imps_won: result.imps_won,
                    half: false,
                }),
                None => complete = false,
            }
        }
        if complete {
            byes.extend(
                round
                    .absent
                    .iter()
                    .filter(|a| a.kind == Absence::Bye)
                    .map(|a| a.entrant),
            );
        }
    }
    (matches, byes)
}

/// The matches of `round` with boards not entered, named ("table 3 (Ash–Birch v Cox–Dunn)
/// has no result for board(s) 8, 9").
pub(crate) fn round_gaps(event: &Event, results: &Results, round: &Round) -> Vec<String> {
    let name = |e: usize| event.schedule.entrants.get(e).map_or("?", String::as_str);
    let deals: Vec<u32> = event.deals_of_round(round.number).collect();
    round
        .tables
        .iter()
        .filter_map(|t| {
            let (home, away) = match_teams(t)?;
            let missing: Vec<String> = deals
                .iter()
                .filter(|&&deal| ns_score(results, round.number, t.number, deal).is_none())
                .map(u32::to_string)
                .collect();
            (!missing.is_empty()).then(|| {
                format!(
                    "table {} ({} v {}) has no result for board(s) {}",
                    t.number,
                    name(home),
                    name(away),
                    missing.join(", ")
                )
            })
        })
        .collect()
}
