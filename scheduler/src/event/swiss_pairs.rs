//! Swiss pairs as an event: a pairs event of duplicate bridge paired round by round like a
//! Swiss teams event (`teams::pair_next_round`), where each match is two pairs at one table,
//! the first pair N-S, and every table of a round plays the round's boards. A board is
//! entered as at a pairs evening (contract and tricks, or the N-S score). Each board is
//! scored against its datum across the round's tables (Butler: the average N-S score, top and
//! bottom left out from five scores, rounded to ten); the first pair's IMPs against the datum
//! are its match's IMPs (the second pair's are their negation), and the match's margin becomes
//! victory points, or stays IMPs ([`SwissPairs`]). The standings, byes, repeats, late pairs
//! and withdrawals are the Swiss teams event's.

use super::teams_scoring::{TeamsBye, TeamsScoring, match_teams};
use super::{BridgeResult, Event, ResultKey, ResultValue, Results, Scoring};
use crate::model::Round;
use crate::scoring::bridge::{butler_datum, imps};
use crate::scoring::teams::{BoardEntry, MatchResult, PlayedMatch, points_text, score_match};
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

/// One board of a Swiss pairs match as the sheets and the window show it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PairsBoard {
    /// The board number.
    pub deal: u32,
    /// The result entered, if any.
    pub result: Option<BridgeResult>,
    /// Its N-S score.
    pub ns: Option<i32>,
    /// The board's datum over the round's scores entered so far.
    pub datum: Option<i32>,
    /// The N-S pair's IMPs against the datum (the E-W pair's are their negation).
    pub imps: Option<i32>,
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
    /// Each board of the round, with what is entered and scored so far.
    pub boards: Vec<PairsBoard>,
    /// The match scored, once every board is in (provisional until the round is complete: a
    /// later score can move a datum).
    pub result: Option<MatchResult>,
}

impl PairsMatch {
    /// The match so far, as the window shows it under the table's boards: "IMPs 14–0, VPs
    /// 17.08–2.92" once every board is in, else how many are.
    pub fn summary(&self, scoring: TeamsScoring) -> String {
        match &self.result {
            Some(result) if scoring == TeamsScoring::Imps => {
                format!("IMPs {}–{}", result.imps_won[0], result.imps_won[1])
            }
            Some(result) => format!(
                "IMPs {}–{}, {} {}–{}",
                result.imps_won[0],
                result.imps_won[1],
                scoring.column(),
                points_text(result.points[0]),
                points_text(result.points[1])
            ),
            None => format!(
                "{} of {} boards entered",
                self.boards.iter().filter(|b| b.ns.is_some()).count(),
                self.boards.len()
            ),
        }
    }
}

/// The result entered at `table` for `deal` of `round`, if any.
fn entered(results: &Results, round: u32, table: u32, deal: u32) -> Option<BridgeResult> {
    match results.get(&ResultKey { round, table, deal }) {
        Some(ResultValue::Bridge { board }) => Some(*board),
        _ => None,
    }
}

/// The N-S score entered at `table` for `deal` of `round`, if any (artificial scores are
/// refused for these events when entered).
fn ns_score(results: &Results, round: u32, table: u32, deal: u32) -> Option<i32> {
    entered(results, round, table, deal).and_then(|board| board.north_south_score(deal))
}

/// Every match of `round`, scored as far as its results go.
pub fn round_matches(event: &Event, results: &Results, round: &Round, swiss: SwissPairs) -> Vec<PairsMatch> {
    let deals: Vec<u32> = event.deals_of_round(round.number).collect();
    let tables: Vec<(u32, usize, usize)> = round
        .tables
        .iter()
        .filter_map(|t| match_teams(t).map(|(home, away)| (t.number, home, away)))
        .collect();
    let mut boards: Vec<Vec<PairsBoard>> = tables
        .iter()
        .map(|&(table, ..)| {
            deals
                .iter()
                .map(|&deal| {
                    let result = entered(results, round.number, table, deal);
                    PairsBoard {
                        deal,
                        result,
                        ns: result.and_then(|r| r.north_south_score(deal)),
                        datum: None,
                        imps: None,
                    }
                })
                .collect()
        })
        .collect();
    // Each board's datum over the scores entered, and each table's IMPs against it.
    for d in 0..deals.len() {
        let scores: Vec<i32> = boards.iter().filter_map(|b| b[d].ns).collect();
        let datum = butler_datum(&scores);
        for line in boards.iter_mut().map(|b| &mut b[d]) {
            if let (Some(ns), Some(datum)) = (line.ns, datum) {
                line.datum = Some(datum);
                line.imps = Some(imps(ns - datum));
            }
        }
    }
    tables
        .iter()
        .zip(boards)
        .map(|(&(table, home, away), boards)| {
            let result = boards
                .iter()
                .map(|b| b.imps.map(|i| BoardEntry::Adjusted { first: i, second: -i }))
                .collect::<Option<Vec<_>>>()
                .and_then(|entries| score_match(&entries, swiss.scoring.match_scoring()).ok());
            PairsMatch {
                table,
                home,
                away,
                boards,
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
            byes.extend(round.byes());
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
