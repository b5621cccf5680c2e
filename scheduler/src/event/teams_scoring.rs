//! How a bridge teams (or Swiss pairs) event's matches count: the scoring of a match
//! (victory points, IMPs or board-a-match), what a bye is worth, and which two entrants a
//! match table seats. Kept apart from `event::teams` so that `event::swiss_pairs`, which
//! `event::teams` calls, can use them without an import cycle; `event::teams` re-exports them.

use crate::model::{Seat, Table};
use crate::scoring::teams::{ByeScore, MatchScoring, Points, points_text};
use crate::scoring::victory_points::VpScale;
use serde::{Deserialize, Serialize};
use std::fmt;

/// How a teams event's matches count in the standings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TeamsScoring {
    /// Victory points on the WBF 2013 continuous scale (20 between the two teams).
    #[default]
    Wbf2013,
    /// Victory points on the ACBL's 30-VP scale (published for matches of 6 to 11 boards).
    Acbl30,
    /// Victory points on the ACBL's 20-VP discrete scale (published for 6 to 11 boards).
    Acbl20,
    /// The IMP margin itself (+7 and −7).
    Imps,
    /// Board-a-match: each board won 1, tied ½, lost 0.
    BoardAMatch,
    /// Swiss pairs only: each board matchpointed across the round's tables (2 for each N-S
    /// score beaten, 1 for each tied), a match counting as each pair's percentage of the
    /// matchpoints (the two add up to 100).
    Matchpoints,
}

impl TeamsScoring {
    /// Every choice for a teams event, in the order the command line and the window list
    /// them.
    pub const ALL: [TeamsScoring; 5] = [
        TeamsScoring::Wbf2013,
        TeamsScoring::Acbl30,
        TeamsScoring::Acbl20,
        TeamsScoring::Imps,
        TeamsScoring::BoardAMatch,
    ];

    /// Every choice for a Swiss pairs event (board-a-match compares two tables of a team
    /// match, so it is not one).
    pub const SWISS_PAIRS: [TeamsScoring; 3] = [
        TeamsScoring::Wbf2013,
        TeamsScoring::Imps,
        TeamsScoring::Matchpoints,
    ];

    /// The name typed on the command line (`--teams-scoring wbf2013`).
    pub fn name(self) -> &'static str {
        match self {
            TeamsScoring::Wbf2013 => "wbf2013",
            TeamsScoring::Acbl30 => "acbl30",
            TeamsScoring::Acbl20 => "acbl20",
            TeamsScoring::Imps => "imps",
            TeamsScoring::BoardAMatch => "board-a-match",
            TeamsScoring::Matchpoints => "matchpoints",
        }
    }

    /// In words ("victory points (WBF 2013 scale)").
    pub fn label(self) -> &'static str {
        match self {
            TeamsScoring::Wbf2013 => "victory points (WBF 2013 scale)",
            TeamsScoring::Acbl30 => "victory points (ACBL 30-VP scale)",
            TeamsScoring::Acbl20 => "victory points (ACBL 20-VP scale)",
            TeamsScoring::Imps => "IMPs",
            TeamsScoring::BoardAMatch => "board-a-match",
            TeamsScoring::Matchpoints => "matchpoints across the field (each match's percentage)",
        }
    }

    /// The standings' points column ("VPs").
    pub fn column(self) -> &'static str {
        match self {
            TeamsScoring::Wbf2013 | TeamsScoring::Acbl30 | TeamsScoring::Acbl20 => "VPs",
            TeamsScoring::Imps => "IMPs",
            TeamsScoring::BoardAMatch => "Boards",
            TeamsScoring::Matchpoints => "Match %",
        }
    }

    /// What the tie-break counts, and its unit: IMPs, or matchpoints at a matchpointed Swiss
    /// pairs ("IMPs won", "MPs won").
    pub fn margin_unit(self) -> &'static str {
        match self {
            TeamsScoring::Matchpoints => "MPs",
            _ => "IMPs",
        }
    }

    /// The tie-break's quotient, as the notes name it ("the IMP quotient").
    pub fn quotient_name(self) -> &'static str {
        match self {
            TeamsScoring::Matchpoints => "matchpoint",
            _ => "IMP",
        }
    }

    /// A team match's scoring, or why this scoring is not one (matchpoints are worked out
    /// across a round's tables, not within a match).
    pub(crate) fn match_scoring(self) -> Result<MatchScoring, String> {
        match self {
            TeamsScoring::Wbf2013 => Ok(MatchScoring::VictoryPoints(VpScale::Wbf2013)),
            TeamsScoring::Acbl30 => Ok(MatchScoring::VictoryPoints(VpScale::Acbl30)),
            TeamsScoring::Acbl20 => Ok(MatchScoring::VictoryPoints(VpScale::Acbl20)),
            TeamsScoring::Imps => Ok(MatchScoring::Imps),
            TeamsScoring::BoardAMatch => Ok(MatchScoring::BoardAMatch),
            TeamsScoring::Matchpoints => Err(NOT_A_TEAMS_SCORING.to_owned()),
        }
    }

    /// The victory-point scale, when the scoring is one.
    pub fn vp_scale(self) -> Option<VpScale> {
        match self.match_scoring() {
            Ok(MatchScoring::VictoryPoints(scale)) => Some(scale),
            _ => None,
        }
    }

    /// Whether a match's points are victory points (so a three-way half-match counts half).
    pub fn is_victory_points(self) -> bool {
        self.vp_scale().is_some()
    }

    /// Checks the scoring fits a team match of `boards` boards (a teams event or a teams
    /// night): matchpoints are a Swiss pairs scoring, and a published discrete scale has
    /// columns for some match lengths only.
    pub fn check_teams(self, boards: u32) -> Result<(), String> {
        self.check_boards(boards)?;
        self.match_scoring().map(|_| ())
    }

    /// What a match is worth between its two sides, in hundredths, when that is fixed: a
    /// victory-point scale's total (20.00 or 30.00), or 100 per cent at matchpoints; `None`
    /// for IMPs and board-a-match.
    fn fixed_total(self) -> Option<Points> {
        match self {
            TeamsScoring::Matchpoints => Some(10_000),
            scoring => scoring.vp_scale().map(|scale| Points::from(scale.total())),
        }
    }

    /// Checks a victory-point scale has a column for matches of `boards` boards.
    pub fn check_boards(self, boards: u32) -> Result<(), String> {
        match self.vp_scale() {
            Some(scale) => scale.table(i64::from(boards)).map(|_| ()),
            None => Ok(()),
        }
    }
}

/// Why matchpoints are refused for a teams event.
const NOT_A_TEAMS_SCORING: &str = "matchpoints across the field score a Swiss pairs event (every table plays the round's boards); a team match is scored by victory points, IMPs or board-a-match";

/// What a bye is worth in a teams event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum TeamsBye {
    /// A fixed score, in hundredths (12 VPs is 1200).
    Fixed {
        /// The score in hundredths.
        hundredths: Points,
    },
    /// The team's average over the matches it has played (a draw before it has played one).
    Average,
}

impl TeamsBye {
    /// The usual bye for a scoring: 60% of what a match is worth — 12 VPs on a 20-VP scale
    /// (the EBU's and most clubs' figure), 18 on the 30-VP scale, 60 per cent at matchpoints —
    /// 0 IMPs, or half the boards at board-a-match (`boards` a match).
    pub fn usual(scoring: TeamsScoring, boards: u32) -> TeamsBye {
        let hundredths = match (scoring.fixed_total(), scoring) {
            (Some(total), _) => total * 3 / 5,
            (None, TeamsScoring::BoardAMatch) => 50 * Points::from(boards),
            (None, _) => 0,
        };
        TeamsBye::Fixed { hundredths }
    }

    /// Checks a fixed bye is a score a match can give: 0 to the scale's total (20 or 30 VPs,
    /// 100 per cent at matchpoints), at most ±999 IMPs, 0 to the match's boards at
    /// board-a-match.
    pub fn check(self, scoring: TeamsScoring, boards: u32) -> Result<(), String> {
        let TeamsBye::Fixed { hundredths } = self else {
            return Ok(());
        };
        let (low, high) = match (scoring.fixed_total(), scoring) {
            (Some(total), _) => (0, total),
            (None, TeamsScoring::BoardAMatch) => (0, 100 * Points::from(boards)),
            (None, _) => (-99_900, 99_900),
        };
        if (low..=high).contains(&hundredths) {
            return Ok(());
        }
        Err(format!(
            "a bye of {}: with {} a bye scores from {} to {}",
            points_text(hundredths),
            scoring.label(),
            points_text(low),
            points_text(high)
        ))
    }

    /// The bye as the notes say it: "12.00", "60.00%" at matchpoints, or "the pair's average"
    /// (`entrant` the word for one: team or pair).
    pub fn describe(self, scoring: TeamsScoring, entrant: &str) -> String {
        match self {
            TeamsBye::Average => format!("the {entrant}'s average"),
            TeamsBye::Fixed { hundredths } if scoring == TeamsScoring::Matchpoints => {
                format!("{}%", points_text(hundredths))
            }
            TeamsBye::Fixed { hundredths } => points_text(hundredths),
        }
    }

    /// The bye's worth as the standings count it.
    pub(crate) fn score(self, scoring: TeamsScoring) -> ByeScore {
        match self {
            TeamsBye::Fixed { hundredths } => ByeScore::Fixed(hundredths),
            TeamsBye::Average => ByeScore::Average {
                // A draw: half of what a match is worth, or nothing either way.
                before_any: scoring.fixed_total().map_or(0, |total| total / 2),
            },
        }
    }
}

impl fmt::Display for TeamsBye {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TeamsBye::Fixed { hundredths } => f.write_str(&points_text(*hundredths)),
            TeamsBye::Average => f.write_str("the team's average"),
        }
    }
}

/// The home and away teams of a match (a table of the schedule), as entrant indices.
pub fn match_teams(table: &Table) -> Option<(usize, usize)> {
    let home = table.entrant_at(Seat::Home)?;
    let away = table.entrant_at(Seat::Away)?;
    (table.seats.len() == 2 && home != away).then_some((home, away))
}
