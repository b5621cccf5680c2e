//! Swiss pairs as an event: a pairs event of duplicate bridge paired round by round like a
//! Swiss teams event (`teams::pair_next_round`), where each match is two pairs at one table,
//! the first pair N-S, and every table of a round plays the round's boards. A board is
//! entered as at a pairs evening (contract and tricks, or the N-S score). Each board is
//! scored against its datum across the round's tables (Butler: the average N-S score, top and
//! bottom left out from five scores, rounded to ten); the first pair's IMPs against the datum
//! are its match's IMPs (the second pair's are their negation), and the match's margin becomes
//! victory points, or stays IMPs ([`SwissPairs`]). Or each board is **matchpointed across the
//! field** instead: 2 for each N-S score of the round it beats and 1 for each it ties, the
//! E-W pair getting the rest of the top, and a match counts as each pair's percentage of its
//! boards' tops (the two add up to 100). The standings, byes, repeats, late pairs and
//! withdrawals are the Swiss teams event's.

use super::teams_scoring::{TeamsBye, TeamsScoring, match_teams};
use super::{BridgeResult, Event, ResultKey, ResultValue, Results, Scoring};
use crate::model::Round;
use crate::scoring::bridge::{butler_datum, imps};
use crate::scoring::teams::{BoardEntry, MatchResult, PlayedMatch, points_text, score_match};
use serde::{Deserialize, Serialize};

/// How a Swiss pairs event's matches count, and what a bye is worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwissPairs {
    /// Victory points (WBF 2013, on the IMPs against the datum), the IMP margin itself, or
    /// matchpoints across the field; board-a-match is a teams scoring and is refused here.
    pub scoring: TeamsScoring,
    /// What a bye is worth.
    pub bye: TeamsBye,
}

impl SwissPairs {
    /// Checks the choice fits a Swiss pairs event (`boards` a match).
    pub fn check(self, boards: u32) -> Result<(), String> {
        if self.scoring == TeamsScoring::BoardAMatch {
            return Err(
                "board-a-match compares two tables of one team match; a Swiss pairs match is one table, scored against the datum or across the field: choose VPs, IMPs or matchpoints"
                    .to_owned(),
            );
        }
        if matches!(self.scoring, TeamsScoring::Acbl30 | TeamsScoring::Acbl20) {
            return Err(format!(
                "{}: the ACBL scales are for team matches; a Swiss pairs match on IMPs against the datum is scored on the WBF 2013 scale, as IMPs, or by matchpoints",
                self.scoring.label()
            ));
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
    /// At a matchpointed Swiss pairs: the N-S pair's matchpoints across the round's tables
    /// and the top (the E-W pair's are the top less the N-S pair's). `datum` and `imps` are
    /// then empty.
    pub matchpoints: Option<BoardMatchpoints>,
}

/// A board's matchpoints at one table, across the round's tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardMatchpoints {
    /// The N-S pair's: 2 for each other table's N-S score it beats, 1 for each it ties.
    pub ns: u32,
    /// The top: 2 for each other table that scored the board.
    pub top: u32,
}

impl BoardMatchpoints {
    /// The E-W pair's matchpoints.
    pub fn ew(self) -> u32 {
        self.top.saturating_sub(self.ns)
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
    /// Each board of the round, with what is entered and scored so far.
    pub boards: Vec<PairsBoard>,
    /// The match scored, once every board is in (provisional until the round is complete: a
    /// later score can move a datum).
    pub result: Option<MatchResult>,
}

impl PairsMatch {
    /// The match so far, as the window shows it under the table's boards: "IMPs 14–0, VPs
    /// 17.08–2.92" (or "MPs 14–10, 58.33%–41.67%") once every board is in, else how many are.
    pub fn summary(&self, scoring: TeamsScoring) -> String {
        match &self.result {
            Some(result) if scoring == TeamsScoring::Matchpoints => format!(
                "MPs {}–{}, {}%–{}%",
                result.imps_won[0],
                result.imps_won[1],
                points_text(result.points[0]),
                points_text(result.points[1])
            ),
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
                        matchpoints: None,
                    }
                })
                .collect()
        })
        .collect();
    for d in 0..deals.len() {
        let scores: Vec<i32> = boards.iter().filter_map(|b| b[d].ns).collect();
        if swiss.scoring == TeamsScoring::Matchpoints {
            for line in boards.iter_mut().map(|b| &mut b[d]) {
                line.matchpoints = line.ns.map(|ns| matchpoints_against(ns, &scores));
            }
            continue;
        }
        // Each board's datum over the scores entered, and each table's IMPs against it.
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
            let result = match swiss.scoring {
                TeamsScoring::Matchpoints => matchpoint_match(&boards),
                scoring => boards
                    .iter()
                    .map(|b| b.imps.map(|i| BoardEntry::Adjusted { first: i, second: -i }))
                    .collect::<Option<Vec<_>>>()
                    .and_then(|entries| score_match(&entries, scoring.match_scoring().ok()?).ok()),
            };
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

/// A N-S score's matchpoints against every N-S score of the board (`scores`, itself among
/// them): 2 for each it beats, 1 for each it ties other than itself; the top is 2 for each
/// other score.
fn matchpoints_against(ns: i32, scores: &[i32]) -> BoardMatchpoints {
    let beaten = scores.iter().filter(|&&other| other < ns).count();
    let tied = scores
        .iter()
        .filter(|&&other| other == ns)
        .count()
        .saturating_sub(1);
    let others = scores.len().saturating_sub(1);
    let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX / 4);
    BoardMatchpoints {
        ns: 2 * count(beaten) + count(tied),
        top: 2 * count(others),
    }
}

/// A matchpointed match, once every board has its matchpoints: each pair's matchpoints, and
/// its percentage of the tops in hundredths (the N-S pair's rounded to a hundredth of a per
/// cent, the E-W pair's the rest of 100, so the two always add up to 100). A match whose
/// boards were scored at no other table (a top of 0) is 50–50.
fn matchpoint_match(boards: &[PairsBoard]) -> Option<MatchResult> {
    let scored: Vec<BoardMatchpoints> = boards.iter().map(|b| b.matchpoints).collect::<Option<_>>()?;
    let ns: u32 = scored.iter().map(|m| m.ns).sum();
    let top: u32 = scored.iter().map(|m| m.top).sum();
    let ns_share = if top == 0 {
        5000
    } else {
        (20_000 * i64::from(ns) + i64::from(top)) / (2 * i64::from(top))
    };
    Some(MatchResult {
        // No board is scored in IMPs; the tie-break's "IMPs won" are the matchpoints.
        board_imps: Vec::new(),
        imps_won: [ns, top.saturating_sub(ns)],
        points: [ns_share, 10_000 - ns_share],
    })
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
